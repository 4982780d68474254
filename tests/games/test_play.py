"""Every game's ``play(position, text)`` is read, check and apply in one call (issue 22).

:class:`~pbmkit.games.base.Plays`: ``play`` answers the position after a written move only where
that move is legal, and then exactly ``apply(position, read(text, position))``; it answers
``None`` for anything else (the lean check path then reads, checks and applies the long way). The
tests hold each game's ``play`` to that definition on seeded random playouts: the texts of the
position's legal moves, of the moves of the positions before and after it (mostly illegal here:
a piece gone, another side's piece, a capture now due), texts near them, and texts never read.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from pbmkit.games import game_names, get_game
from pbmkit.games.baladana import check as baladana_check
from pbmkit.games.baladana import setup as baladana_setup
from pbmkit.games.base import Game, IllegalMoveError, Plays
from pbmkit.games.batalo import rules as batalo_rules
from pbmkit.games.billo import rules as billo_rules
from pbmkit.games.notation import MoveSyntaxError

PLAYING = [name for name in game_names() if isinstance(get_game(name), Plays)]
CONFIGURED = [(name, tags) for name in PLAYING
              for tags in ({}, {"First": "Orange"}, {"Layout": "zones"})
              if not tags or (name, next(iter(tags))) in {("billo", "First"), ("batrakill", "Layout")}]
"""Every playing game as it starts, and configured otherwise: Billo with Orange first, Batrakill
on the zones layout with five sides."""


def by_definition(game: Game[Any, Any], position: Any, text: str) -> Any:
    """The position after ``text`` when it is a legal move in ``position``, else ``None``."""
    try:
        move = game.notation.read(text, position)
        if game.check_move(position, move) is not None:
            return None
    except (MoveSyntaxError, IllegalMoveError):
        return None
    return game.apply(position, move)


def _billo_carried(after: Any) -> None:
    """Billo positions carry their packed masks: they must be the board's."""
    from pbmkit.games.billo import rules

    m = after._masks
    assert m is not None
    assert m[:rules.P_KNOWN] == rules._packed_of(after.board)[:rules.P_KNOWN]
    if m[rules.P_KNOWN]:
        assert rules._ending(m) is None


CARRIED: dict[str, Callable[[Any], None]] = {"billo": _billo_carried}
"""What a game's positions carry besides what equality compares, checked on ``play``'s answers."""


def _playout(game: Game[Any, Any], rng: random.Random, plies: int) -> Iterator[tuple[Any, Any]]:
    """(position, move played) along a seeded random game."""
    position = game.initial_position()
    for _ in range(plies):
        legal = list(game.legal_moves(position))
        if not legal or game.outcome(position) is not None:
            return
        move = rng.choice(legal)
        yield position, move
        position = game.apply(position, move)


def _texts(game: Game[Any, Any], positions: list[Any], k: int, rng: random.Random) -> list[str]:
    """The texts of a few legal moves of the positions around ``positions[k]``, and texts near
    them (a letter changed, a word doubled), in a random order."""
    fmt = game.notation.format
    out: list[str] = []
    for near in positions[max(0, k - 2):k + 3]:
        legal = list(game.legal_moves(near))
        for move in rng.sample(legal, min(12, len(legal))):
            out.append(fmt(move, near))
    for text in list(out[:6]):
        at = rng.randrange(len(text))
        out.append(text[:at] + rng.choice("abcdehxRS-+ 12378") + text[at + 1:])
        out.append(f"{text} {text}")
    rng.shuffle(out)
    return out


def _check_play(name: str, game: Game[Any, Any], play: Callable[[Any, str], Any], position: Any,
                text: str) -> bool:
    """``play`` against the definition for one text; whether ``play`` answered."""
    hash(position)  # as the lean path's table of positions does: a carried key must stay right
    got = play(position, text)
    if got is None:
        return False
    expected = by_definition(game, position, text)
    assert expected is not None, f"{name}: play answered for {text!r}, which is not legal"
    assert got == expected, f"{name}: {text!r}"
    assert hash(got) == hash(expected)
    assert game.side_to_move(got) == game.side_to_move(expected)
    if name in CARRIED:
        CARRIED[name](got)
    return True


@pytest.mark.parametrize(("name", "tags"), CONFIGURED)
def test_play_is_read_check_and_apply(name: str, tags: dict[str, str]) -> None:
    """On seeded playouts, ``play`` answers only legal moves, with the position ``apply`` gives,
    whether the text was read before or not."""
    game = get_game(name).configure(tags)
    assert isinstance(game, Plays)
    play = game.play
    answered = 0
    for seed in range(6):
        rng = random.Random(seed)
        plies = list(_playout(game, rng, 60 + 20 * seed))
        positions = [p for p, _ in plies]
        for k, (position, _move) in enumerate(plies):
            if k % 3:
                continue
            for text in _texts(game, positions, k, rng):
                _check_play(name, game, play, position, text)  # perhaps never read yet
                by_definition(game, position, text)  # read now (the notation remembers it)
                answered += _check_play(name, game, play, position, text)
    assert answered > 100  # the fast path is taken


@pytest.mark.parametrize(("name", "tags"), CONFIGURED)
def test_play_answers_most_plies_of_a_record_read_before(name: str, tags: dict[str, str]) -> None:
    """Where a record repeats move texts (an archive), ``play`` answers most plies: the lean
    check path's speed rests on it (a ``play`` that never answers would pass every other test)."""
    game = get_game(name).configure(tags)
    assert isinstance(game, Plays)
    play = game.play
    rng = random.Random(7)
    plies = list(_playout(game, rng, 120))
    texts = [game.notation.format(m, p) for p, m in plies]
    for (position, _), text in zip(plies, texts, strict=True):
        by_definition(game, position, text)  # a first reading
    answered = sum(_check_play(name, game, play, position, text)
                   for (position, _), text in zip(plies, texts, strict=True))
    assert answered >= len(plies) // 2


@pytest.mark.parametrize("name", PLAYING)
def test_play_never_raises_on_stray_text(name: str) -> None:
    """Texts that are no move at all, or a move off the board, are ``None``, never an error."""
    game = get_game(name)
    assert isinstance(game, Plays)
    position = game.initial_position()
    for text in ("", " ", "x", "R", "R z9-z10", "to", "1.", "averto", "R a1-a2-a3-a4-a5",
                 "ZZ to ZZ", "a1", "\u2028", "R+ h8xh9"):
        assert _check_play(name, game, game.play, position, text) in (True, False)


# --- Billo: random and crowded positions, ended ones ---------------------------------------------


def _billo_step_texts(position: Any) -> Iterator[str]:
    """Every one-step move of the side to move's pieces (either letter, with and without ``+``)
    to every neighbouring square, as the writer spells it: ``play``'s quick path and its edges."""

    side = position.turn
    for sq, code in enumerate(position.board):
        if code * side <= 0:
            continue
        for n in billo_rules.BOARD.neighbours[sq]:
            for letter in ("R", "S", "R+", "S+"):
                yield f"{letter} {billo_rules.space_name(sq)}-{billo_rules.space_name(n)}"


def _billo_positions_near(position: Any) -> Iterator[Any]:
    """``position`` as the replay meets it (the masks known, "not over" asked), fresh, and the
    positions near it whose game is over by rules 11-12, their masks computed or not."""
    from test_billo_fast_paths import _ended

    from pbmkit.games.billo import rules

    rules.static_outcome(position)
    yield position
    yield type(position)(position.board, position.turn, position.quiet)
    for ended in _ended(position):
        yield ended
        rules.static_outcome(ended)
        yield ended


def _billo_play_everywhere(position: Any) -> None:
    game = get_game("billo")
    assert isinstance(game, Plays)
    for near in _billo_positions_near(position):
        for text in _billo_step_texts(near):
            by_definition(game, near, text)
            _check_play("billo", game, game.play, near, text)


def test_billo_play_in_random_and_crowded_positions() -> None:
    """Billo's ``play`` on positions no playout reaches often: Billos that can capture (capture
    is mandatory), crowded blocks, promotions, doubles formed and split, games over."""
    from hypothesis import given, settings
    from hypothesis import strategies as st
    from test_billo_fast_paths import dense_positions
    from test_billo_playouts import positions

    given(position=st.one_of(positions(), dense_positions()))(
        settings(max_examples=120, deadline=None)(_billo_play_everywhere))()


# --- Batalo: steps onto a base, hop series written with their landings, games over ---------------


def _batalo_texts(position: Any) -> Iterator[str]:
    """Every step of the side to move's pieces to every neighbouring space (the own base among
    them), and every hop series to every space with its landings written, one landing changed."""

    name = batalo_rules.space_name
    board, side = position.board, position.turn
    for sq, code in enumerate(board):
        if code * side <= 0:
            continue
        for n in batalo_rules.BOARD.neighbours[sq]:
            yield f"{name(sq)} to {name(n)}"
        for end in range(len(board)):
            for path in batalo_rules.hop_paths(position, sq, end)[:2]:
                yield " to ".join(name(x) for x in (sq, *path))
                if len(path) > 1:
                    wrong = (*path[:-2], batalo_rules.BOARD.neighbours[path[-2]][0], path[-1])
                    yield " to ".join(name(x) for x in (sq, *wrong))


def _batalo_positions_near(position: Any) -> Iterator[Any]:
    """``position``, and positions near it whose game is over: a piece of the side that just
    moved on the base it attacks, the side to move's opponent without pieces."""
    from pbmkit.games import batalo

    yield position
    board, side = list(position.board), position.turn
    on_base = list(board)
    on_base[batalo_rules.WHITE_BASE if side == batalo_rules.WHITE else batalo_rules.BLACK_BASE] = -side
    yield batalo.Position(tuple(on_base), side)
    gone = [c if c * side >= 0 else 0 for c in board]
    yield batalo.Position(tuple(gone), side)


@pytest.mark.parametrize("seed", range(3))
def test_batalo_play_on_steps_bases_hop_series_and_ended_games(seed: int) -> None:
    game = get_game("batalo")
    assert isinstance(game, Plays)
    rng = random.Random(seed)
    answered = 0
    for k, (position, _move) in enumerate(_playout(game, rng, 90)):
        if k % 5:  # both sides to move
            continue
        for near in _batalo_positions_near(position):
            for text in _batalo_texts(near):
                by_definition(game, near, text)
                answered += _check_play("batalo", game, game.play, near, text)
    assert answered > 50


# --- Hex: drops on every cell, the swap, won positions, positions not answered by play -----------


def _hex_positions_near(position: Any) -> Iterator[Any]:
    """``position``, a copy of it (equal, not the one ``play`` answered last), and positions won by
    Red (file d all red) and by Blue (rank 4 all blue), either side to move (a Setup may say so)."""
    from pbmkit.games import hex as hex_game

    yield position
    yield hex_game.Position(tuple(position.cells), position.turn)
    for colour, line in ((1, range(3, 49, 7)), (2, range(21, 28))):
        won = list(position.cells)
        for s in line:
            won[s] = colour
        for turn in (0, 1):
            yield hex_game.Position(tuple(won), turn)


def _hex_check_known(after: Any) -> None:
    """What ``play`` keeps of the position it answered: its masks and whether it is over."""
    from pbmkit.games import hex as hex_game
    from pbmkit.games.hex import play as hex_play

    last = hex_play._last
    assert last[0] is after
    assert last[1:4] == hex_play._state(after, hex_play._TABLES[len(after.cells)])
    assert last[3] == (hex_game.GAME.outcome(after) is not None)


CARRIED["hex"] = _hex_check_known


@pytest.mark.parametrize("seed", range(4))
def test_hex_play_on_every_cell_the_swap_and_won_positions(seed: int) -> None:
    """Every cell's name (lower and upper case), ``swap`` and stray text, on the positions of
    playouts (ply after ply, as the lean path calls it: the last answer's masks carried), copies
    of them and won positions near them: ``play`` answers exactly the legal drops."""
    from pbmkit.games.hex import game as hex_game

    game = get_game("hex")
    assert isinstance(game, Plays) and game.positions_repeat is False
    names = [hex_game.GAME.board.name(s) for s in range(49)]
    rng = random.Random(seed)
    answered = ended = 0
    position = game.initial_position()
    while game.outcome(position) is None:
        for near in _hex_positions_near(position):
            ended += game.outcome(near) is not None
            for text in (*names, *(n.upper() for n in rng.sample(names, 3)), "swap", "h1", "c3 "):
                answered += _check_play("hex", game, game.play, near, text)
        move = rng.choice(list(game.legal_moves(position)))
        text = game.notation.format(move, position)
        after = game.play(position, text)
        if move.swap:
            assert after is None
            after = game.apply(position, move)
        else:  # the chain the new stone joins decides the end: the masks of the last answer
            assert after == game.apply(position, move)
            _hex_check_known(after)
        position = after
    assert answered > 200 and ended > 0


def test_hex_play_knows_the_stone_that_wins_and_answers_nothing_after_it() -> None:
    game = get_game("hex")
    assert isinstance(game, Plays)
    position = game.initial_position()
    for text in ("a1", "b1", "a2", "b2", "a3", "b3", "a4", "b4", "a5", "b5", "a6", "b6"):
        position = game.play(position, text)
        assert position is not None and game.outcome(position) is None
    won = game.play(position, "a7")
    assert won is not None and game.outcome(won) == ("red", "connected")
    assert game.play(won, "g7") is None  # the game is over: the long way says so
    assert by_definition(game, won, "g7") is None


# --- Baladãna: ring moves with figure moves, captures with each tax, the capture mark, games over -


def _baladana_texts(position: Any, rng: random.Random) -> Iterator[tuple[str, bool]]:
    """(text, whether ``play`` must answer it): every legal turn as the writer writes it (a
    capture with each tax letter and none), the same with the capture mark wrong, ring moves from
    every ring to every square around with figure moves after them, random turns (most illegal,
    some with loot, which ``play`` leaves to the long way)."""
    from test_baladana_fast_paths import _plain_set, _random_turns, _ring_turns

    from pbmkit.games.baladana import notation as bn

    plain = _plain_set(position)
    moves = [*sorted(plain, key=repr), *(m._replace(tax=t) for m in plain if position.cells[m.end]
                                         for t in (None, "R", "G", "B", "Y")),
             *_ring_turns(position, plain, rng), *_random_turns(position, rng, 150)]
    for move in moves:
        text = bn.move_text(position, move)
        must = not move.loot and baladana_check.check_move(position, move) is None
        yield text, must
        wrong = text.replace("x", "-") if "x" in text else text.replace("-", "x")
        yield wrong, False


_BALADANA_NEAR = [
    # free golden rings of both sides next to figures of both sides; a full figure; capture rights
    "white a1=Y b1=G c1=RGB d2=B; black h8=Y g8=RG b3=GB; free b2=Yb c2=Yw a2=R d1=G; move white",
    "white a1=Y b1=G c1=RGB d2=B; black h8=Y g8=RG b3=GB; free b2=Yb c2=Yw a2=R d1=G; move black",
    "white a1=YY b1=G c1=RGB d2=B; black h8=Y c3=RG f8=GB; free b2=Yb a2=R d1=G; move white",
    "white d4=RGY e4=BY a1=G; black d6=RG e8=YY b4=GB; move white",
    "white d4=RYY e5=GB; black d6=RG e8=Y b4=GB d7=BY; move white",
    # won, drawn (no capture possible) and without a legal turn
    "white a1=YY b1=G; black h8=G; free h1=Yb; move white",
    "white a1=Y b1=G; black h8=Y g8=G; free a8=Yw h1=Yb; move black",
    "white a1=YY b1=; black h8=YY; move white",
]


@pytest.mark.parametrize("seed", range(3))
def test_baladana_play_is_read_check_and_apply_on_every_kind_of_turn(seed: int) -> None:
    """``play`` answers exactly the legal turns without loot written as the writer writes them
    (once read), with ``apply``'s position; a wrong capture mark, a wrong tax, loot, an illegal
    ring move, a game over: ``None``, and the long way answers."""
    from test_baladana_fast_paths import _positions


    game = get_game("baladana")
    assert isinstance(game, Plays)
    rng = random.Random(seed)
    near = [*_positions(seed, plies=60)[::4], *(baladana_setup.parse_setup(s) for s in _BALADANA_NEAR)]
    answered = 0
    for position in near:
        for text, must in _baladana_texts(position, rng):
            _check_play("baladana", game, game.play, position, text)  # perhaps never read yet
            by_definition(game, position, text)
            got = _check_play("baladana", game, game.play, position, text)
            assert got == must, (baladana_setup.format_setup(position), text)
            answered += got
    assert answered > 200
