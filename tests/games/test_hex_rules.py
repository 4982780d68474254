"""Hex's rules, one test per sentence of docs/hex.md ("The rules"), through the game's protocol."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.games.base import IllegalMoveError, Outcome, SetupError
from pbmkit.games.hex import GAME, Move, Position
from pbmkit.games.hex.game import hex_game
from pbmkit.games.notation import MoveSyntaxError
from pbmkit.records import check_text
from tests.support.playing import play_line

EMPTY_BOARD = "/".join(["......."] * 7)
BOARD = GAME.board


def play(*texts: str) -> Position:
    return play_line(GAME, *texts)  # type: ignore[no-any-return]


def test_red_and_blue_take_turns_laying_one_stone_on_any_empty_cell() -> None:
    start = GAME.initial_position()
    assert GAME.side_to_move(start) == "red" and len(GAME.legal_moves(start)) == 49
    after = play("d4")
    assert GAME.side_to_move(after) == "blue" and GAME.format_setup(after).startswith("b ")
    assert GAME.check_move(after, GAME.notation.read("d4", after)) == \
        "d4 is taken: a stone is laid on an empty cell"
    assert GAME.side_to_move(play("d4", "c3")) == "red"
    before = play("c2", "d4", "c3")  # no swap any more: a stone once laid stays where it is
    for move in GAME.legal_moves(before):
        after_move = GAME.apply(before, move).cells
        assert [c for s, c in enumerate(after_move) if s != move.cell] == \
            [c for s, c in enumerate(before.cells) if s != move.cell]


def test_red_joins_ranks_1_and_7_blue_joins_files_a_and_g() -> None:
    red = play("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5", "b5", "a6", "b6", "a7")
    assert GAME.outcome(red) == Outcome("red", "connected") and GAME.legal_moves(red) == []
    blue = play("a1", "a2", "b1", "b2", "c1", "c2", "d1", "d2", "e1", "e2", "f1", "f2", "a3", "g2")
    assert GAME.outcome(blue) == Outcome("blue", "connected")


@pytest.mark.parametrize("seed", range(8))
def test_the_board_cannot_fill_without_a_winner(seed: int) -> None:
    """Every way of filling the board joins exactly one side's edges, so Hex has no draw on the board."""
    import random

    rng = random.Random(seed)
    for _ in range(50):
        cells = tuple(rng.choice((1, 2)) for _ in range(BOARD.size))
        result = GAME.outcome(Position(cells, 0))
        assert result is not None and result.how == "connected"
        winner = 1 if result.winner == "red" else 2
        loser_alone = Position(tuple(0 if c == winner else c for c in cells), 0)
        assert GAME.outcome(loser_alone) is None, (seed, cells)


def test_a_chain_runs_through_touching_cells_only() -> None:
    """Cells touch along the six sides of a hexagon: c3 touches c4 and d2, not d4."""
    assert {BOARD.name(n) for n in BOARD.neighbours[BOARD.space("c3")]} == \
        {"b3", "d3", "c2", "c4", "b4", "d2"}


def test_the_swap_rule_mirrors_reds_first_stone_into_a_blue_one_and_red_moves_again() -> None:
    after = play("c2")
    assert "swap" in [GAME.notation.format(m, after) for m in GAME.legal_moves(after)]
    swapped = play("c2", "swap")
    assert GAME.format_setup(swapped) == "r ......./......./.b...../......./......./......./......."
    assert GAME.side_to_move(swapped) == "red"
    assert GAME.touched(GAME.notation.read("swap", after)) == ((BOARD.space("b3"),),)


def test_swap_is_blues_first_move_only() -> None:
    for texts in ((), ("c2", "d4"), ("c2", "swap")):
        position = play(*texts)
        with pytest.raises(IllegalMoveError, match="swap is Blue's first move only"):
            GAME.notation.read("swap", position)
        assert GAME.check_move(position, Move(BOARD.space("b3"), swap=True)) is not None, texts
        assert "swap" not in [GAME.notation.format(m, position) for m in GAME.legal_moves(position)]


def test_a_record_with_a_swap_checks_and_names_the_winner() -> None:
    record = '[Game "Hex"]\n[Red "Ann"]\n[Blue "Bo"]\n\n1. c2 swap\n2. d4 c3\n'
    [rep] = check_text(record, "hex.txt")
    assert rep.valid and rep.next_turn() == ("3", "red")
    [bad] = check_text(record + "3. swap\n", "hex.txt")
    assert not bad.valid and "swap is Blue's first move only" in bad.errors[0].message


def test_notation_and_setup_refuse_what_they_cannot_read() -> None:
    for text in ("", "h1", "a8", "c3-c4", "x" * 30):
        with pytest.raises(MoveSyntaxError):
            GAME.notation.read(text, GAME.initial_position())
    with pytest.raises(SetupError):
        GAME.parse_setup("r " + EMPTY_BOARD[:-1])
    assert GAME.parse_setup("b " + EMPTY_BOARD) == Position((0,) * 49, 1)
    assert get_game("HEX") is GAME and GAME.notation.read("C3", GAME.initial_position()) == Move(16)


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_every_command_plays_hex_from_new_to_the_mailed_move(tmp_path: Path) -> None:
    """new, move (a refused drop, the swap), check, moves, show, fmt, convert, chart, mailer,
    phonechart, mail compose and status, on a Hex record."""
    path = tmp_path / "hex.txt"
    made = _run("new", str(path), "--rules", "hex", "--player", "red=Ann", "--player", "blue=Bo",
                "--tag", "RedEmail=ann@example.org", "--tag", "BlueEmail=bo@example.net",
                "--date", "2026-11-20")
    assert made.exit_code == 0, made.output
    assert _run("move", "--no-dates", str(path), "c2").exit_code == 0
    before = path.read_bytes()
    taken = _run("move", str(path), "c2")
    assert taken.exit_code == 1 and "c2 is taken" in taken.stderr and path.read_bytes() == before
    hint = taken.stderr.replace("\n  ", " ")
    assert '[Board "11x11"]' in path.read_text(encoding="utf-8")  # a new game: 11 x 11
    assert "Blue's legal moves: a1, a2," in hint and "a9, a10, a11, b1," in hint
    swapped = _run("move", "--no-dates", str(path), "SWAP")
    late = _run("move", "--dry-run", str(path), "swap")  # Red to move: no swap, the legal drops
    assert late.exit_code == 1 and "Red's legal moves: a1, a2" in late.stderr, late.stderr
    assert swapped.exit_code == 0 and path.read_text(encoding="utf-8").endswith("1. c2 swap\n")
    assert json.loads(_run("check", "--json", str(path)).stdout)[0]["valid"]
    moves = json.loads(_run("moves", "--json", str(path)).stdout)
    assert moves["side"] == "red" and len(moves["moves"]) == 120 and "swap" not in moves["moves"]
    assert "B3:B" in _run("show", str(path)).stdout
    assert _run("fmt", "--check", str(path)).exit_code == 0
    assert json.loads(_run("convert", "--to", "json", str(path)).stdout)[0]["moves"][1]["move"] == "swap"
    refused = _run("convert", "--to", "pbmserv", str(path))
    assert refused.exit_code == 1 and "Hex has no pbmserv form" in refused.stderr
    for form in (["chart", str(path)], ["mailer", str(path)], ["phonechart", "--rules", "hex"]):
        out = tmp_path / f"{form[0]}.pdf"
        assert _run(*form, "-o", str(out)).exit_code == 0 and out.read_bytes().startswith(b"%PDF")
    mail = tmp_path / "move.eml"
    assert _run("mail", "compose", str(path), "-o", str(mail)).exit_code == 0
    assert "Subject: Hex, 1... swap" in mail.read_text(encoding="utf-8")
    status = _run("status", str(tmp_path), "--me", "Ann", "--today", "2026-11-23")
    assert status.exit_code == 0 and "Hex" in status.stdout and "Red (you) to play 2" in status.stdout


@pytest.mark.parametrize("seed", range(4))
def test_no_position_comes_back_so_no_table_of_positions_is_kept(seed: int) -> None:
    """Every move lays a stone, but the swap, which turns Red's one stone blue: (stones, blue
    stones) grows with every move, so ``positions_repeat`` is ``False`` (the replayer and the lean
    check path keep no table of the positions seen, whose note could never be written)."""
    import random

    def growth(position: Position) -> tuple[int, int]:
        return sum(c != 0 for c in position.cells), position.cells.count(2)

    assert GAME.positions_repeat is False
    rng = random.Random(seed)
    position, seen = GAME.initial_position(), set()
    for _ in range(60):
        moves = GAME.legal_moves(position)
        if not moves:
            break
        swaps = [m for m in moves if m.swap]
        after = GAME.apply(position, swaps[0] if swaps and seed % 2 else rng.choice(moves))
        assert growth(after) > growth(position) and after not in seen
        seen.add(position)
        position = after


def test_the_board_tag_chooses_a_board_of_5x5_to_19x19() -> None:
    """``Board "11x11"``: an n × n board, files a to the n-th letter, ranks 1 to n; Red joins the
    first and last ranks, Blue the first and last files, and the swap mirrors in the long
    diagonal, on every size."""
    for n in (5, 11, 19):
        game = GAME.configure({"Board": f"{n}x{n}"})
        assert game is hex_game(n) and game.board.size == n * n and len(game.legal_moves(
            game.initial_position())) == n * n
        last = "abcdefghijklmnopqrs"[n - 1]
        red = [f"a{r}" for r in range(1, n + 1)]  # file a all red: ranks 1 and n joined
        position = game.initial_position()
        for k, cell in enumerate(red):
            position = game.apply(position, game.notation.read(cell, position))
            if k < n - 1:
                assert game.outcome(position) is None
                position = game.apply(position, game.notation.read(f"{last}{k + 1}", position))
        assert game.outcome(position) == Outcome("red", "connected")
        assert game.notation.read("swap", game.apply(game.initial_position(), Move(game.board.space(
            "c2")))) == Move(game.board.space("b3"), swap=True)
        with pytest.raises(MoveSyntaxError, match=f"files a–{last}, ranks 1–{n}"):
            game.notation.read(f"{'abcdefghijklmnopqrst'[n]}1", game.initial_position())
    for wrong in ("4x4", "20x20", "11x9", "big"):
        with pytest.raises(SetupError, match="5x5 to 19x19") as refused:
            GAME.configure({"Board": wrong})
        assert refused.value.tag == "Board"


def test_a_record_without_a_board_tag_is_7x7_and_a_new_one_11x11(tmp_path: Path) -> None:
    """Every record written before sizes were chosen stays 7 × 7; ``pbmkit new`` writes
    ``Board "11x11"`` unless told otherwise (the referee's challenge too:
    tests/referee/test_game_start_mail.py); a Setup chooses its own size."""
    [old] = check_text('[Game "Hex"]\n[Red "A"]\n[Blue "B"]\n\n1. g7 swap\n', "h.txt")
    assert old.valid and old.game is GAME and GAME.board.size == 49
    [big] = check_text('[Game "Hex"]\n[Board "11x11"]\n[Red "A"]\n[Blue "B"]\n\n1. k11 j10\n')
    assert big.valid and big.game is hex_game(11)
    [off] = check_text('[Game "Hex"]\n[Red "A"]\n[Blue "B"]\n\n1. k11\n')
    assert not off.valid and "files a–g, ranks 1–7" in off.errors[0].message
    setup = "b " + "/".join(["........."] * 9)
    assert GAME.configure({"Setup": setup}) is hex_game(9)
    path = tmp_path / "h.txt"
    made = _run("new", str(path), "--rules", "hex", "--player", "red=A", "--player", "blue=B")
    assert made.exit_code == 0 and '[Board "11x11"]' in path.read_text(encoding="utf-8")
    made = _run("new", str(path), "--force", "--rules", "hex", "--player", "red=A", "--player",
                "blue=B", "--tag", "board=7x7")
    assert made.exit_code == 0 and '[Board "7x7"]' in path.read_text(encoding="utf-8")
    made = _run("new", str(path), "--force", "--rules", "hex", "--player", "red=A", "--player",
                "blue=B", "--setup", setup)
    text = path.read_text(encoding="utf-8")
    assert made.exit_code == 0 and "Board" not in text
    [started] = check_text(text + "\n1. ... i9\n")
    assert started.valid and started.game is hex_game(9)


def test_the_edges_are_drawn_as_whose_they_are_on_every_board(tmp_path: Path) -> None:
    """On paper and on screen (``show --svg``, ``--png``, the web page) a band stands along each
    side's edges, open for Red's ranks 1 and n, solid for Blue's files a and the last, the key
    naming them, on every size."""
    for n in (5, 11, 19):
        game = hex_game(n)
        look = game.look()
        red, blue = look.edges
        assert (red.mark, red.dark, blue.mark, blue.dark) == ("red", False, "blue", True)
        assert {(f, -1) for f in range(n)} | {(f, n) for f in range(n)} <= red.beyond
        assert {(-1, r) for r in range(n)} | {(n, r) for r in range(n)} <= blue.beyond
        last = "abcdefghijklmnopqrs"[n - 1]
        legend = dict(look.legend)
        assert legend["@edge:red"] == f"Red's edges (ranks 1, {n})"
        assert legend["@edge:blue"] == f"Blue's edges (files a, {last})"
    path = tmp_path / "h.txt"
    path.write_text('[Game "Hex"]\n[Board "11x11"]\n[Red "A"]\n[Blue "B"]\n\n1. a1 k11\n',
                    encoding="utf-8")
    from pbmkit.render.svg import board_svg

    eleven, seven = (board_svg(hex_game(k), hex_game(k).initial_position()) for k in (11, 7))
    assert _run("show", "--svg", str(tmp_path / "b.svg"), str(path)).exit_code == 0
    drawn = (tmp_path / "b.svg").read_text(encoding="utf-8")
    assert drawn.count("<polygon") > seven.count("<polygon") and eleven.count("<polygon") > 0
