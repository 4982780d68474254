"""`pbmkit move` never loses or corrupts a move (issue 9, item 1).

Random legal moves are appended to random valid records (tags in any order, comments after tags
and moves, `{` comments over several lines, CRLF, a byte-order mark, no final newline); after every
append the record must replay to exactly the old moves plus the new one. A record the writer cannot
extend safely is refused and left byte for byte unchanged.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from pbmkit.cli import cli
from pbmkit.games import get_game
from pbmkit.records import check_text, format_move

COMMENTS = ["{ a note }", "{ over\ntwo lines }", "; to the end of the line", "{}",
            "{ [Tag \"like\"] 1. IR to HS }", "{\n}", "{ 2. JQ to IR\n; not a comment }"]


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.stdout + result.stderr


def _plies(rep: Any) -> list[tuple[str, str, str]]:
    return [(p.label, p.side, p.text) for p in rep.main]


@st.composite
def records(draw: st.DrawFn) -> tuple[str, str, Any]:
    """(record text, game name, the final position): a valid record of a game not yet over."""
    name = draw(st.sampled_from(["batalo", "billo"]))
    game = get_game(name)
    position = game.initial_position()
    moves: list[str] = []
    for _ in range(draw(st.one_of(st.just(0), st.integers(0, 9)))):  # no move: often
        legal = list(game.legal_moves(position))
        if not legal or game.outcome(position) is not None:
            break
        mv = legal[draw(st.integers(0, len(legal) - 1))]
        text = format_move(name, mv, position)
        if name == "batalo" and draw(st.booleans()):
            text = text.lower().replace(" to ", "-")
        moves.append(text)
        position = game.apply(position, mv)
    first, second = (s.capitalize() for s in game.sides)
    tags = [f'[Game "{game.title}"]', f'[{first} "Ann"]', f'[{second} "Bob"]']
    if draw(st.booleans()):
        tags.append('[Number "3"]')
    if draw(st.booleans()):
        tags.append('[Winner "*"]')
    if name == "billo":
        tags.insert(1, f'[First "{first}"]')
    comment = st.sampled_from(COMMENTS)
    lines = list(tags)
    if draw(st.booleans()):  # a comment on the last tag line, maybe over several lines
        lines[-1] += " " + draw(comment)
    if draw(st.booleans()):
        lines.append("")
    if draw(st.booleans()):
        lines.append(draw(comment))
    line = ""
    for k, text in enumerate(moves):
        number = k // 2 + 1
        if k % 2 == 0:
            if line:
                lines.append(line)
            line = f"{number}. {text}"
        else:
            line = f"{line} {text}" if line else f"{number}... {text}"
        if draw(st.integers(0, 3)) == 0:
            note = draw(comment)
            line += " " + note
            if note.startswith(";") or draw(st.booleans()):
                lines.append(line)
                line = ""
    if line:
        lines.append(line)
    if draw(st.booleans()):
        lines.append(draw(comment))
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    text = "\n".join(lines).replace("\n", nl)
    if draw(st.booleans()):
        text += nl
    if draw(st.booleans()):
        text = "\ufeff" + text
    return text, name, position


@settings(max_examples=120)
@given(records(), st.integers(0, 10**6))
def test_random_legal_moves_append_to_random_valid_records(case: tuple[str, str, Any],
                                                           pick: int) -> None:
    """Issue 9, item 1: the appended record replays to the old moves plus the new one."""
    text, name, _ = case
    (old,) = check_text(text.lstrip("\ufeff"), "r.txt")
    assume(old.valid and old.winner is None and old.game is not None)
    legal = list(old.game.legal_moves(old.final))
    assume(legal)
    mv = legal[pick % len(legal)]
    canonical = format_move(name, mv, old.final)
    label, side = old.next_turn()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "r.txt"
        path.write_bytes(text.encode("utf-8"))
        code, out = run("move", str(path), canonical)
        assert code == 0, out
        data = path.read_bytes()
    assert data.startswith(b"\xef\xbb\xbf") == text.startswith("\ufeff")
    (new,) = check_text(data.decode("utf-8-sig"), "r.txt")
    assert new.valid, [p.format() for p in new.errors]
    assert _plies(new) == [*_plies(old), (label, side, canonical)]
    tags = dict(old.record.tags)
    outcome = old.game.outcome(old.game.apply(old.final, mv))
    if outcome is not None:  # issue 14 (docs/desk.md): a move that ends the game sets Winner
        tags["Winner"] = outcome.winner.capitalize()
    assert new.record.tags == tags


def test_a_comment_opened_on_the_last_tag_line_does_not_swallow_the_move(tmp_path: Path) -> None:
    """Issue 9, item 1(a): the move goes after the comment, not inside it."""
    path = tmp_path / "f.txt"
    path.write_text('[Game "Batalo"]\n[Winner "*"] {\n}\n', encoding="utf-8")
    code, out = run("move", str(path), "JR to IS")
    assert code == 0, out
    (rep,) = check_text(path.read_text(encoding="utf-8"), "f.txt")
    assert rep.valid and [p.text for p in rep.main] == ["JR to IS"]


def test_a_record_that_would_read_back_wrong_is_refused_and_unchanged(tmp_path: Path) -> None:
    """Issue 9, item 1(b): `1...` with no move after it; the append would not replay, so
    `move` refuses and the file stays byte for byte the same."""
    path = tmp_path / "g.txt"
    original = b'[Game "Batalo"]\n\n1. IR - IP 1... ; DV-EU\n'
    path.write_bytes(original)
    code, out = run("move", str(path), "EV to FU")
    assert code != 0
    assert "not changed" in out or "errors" in out
    assert path.read_bytes() == original
