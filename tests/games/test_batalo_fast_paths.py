"""The Batalo rules core's fast paths give the same answers as the plain ones.

``reaches`` (checking one written move without generating the others), ``finished`` without a loop,
and the position hash carried along by ``apply`` (Zobrist keys) are all there for speed only: these
tests hold them to the slow definitions, over random positions and random playouts.
"""

from __future__ import annotations

import random
import re

from hypothesis import given
from hypothesis import strategies as st
from test_batalo_properties import SETTINGS, positions

from pbmkit.games import batalo
from pbmkit.games.base import Announcement
from pbmkit.games.batalo import Move, Position, check, rules, setup
from pbmkit.games.batalo.notation import _ANNOUNCED, _ONE_MOVE, _RUN, NOTATION
from pbmkit.games.batalo.rules import BOARD, _hop_landings, _hop_starts, piece_destinations, reaches
from pbmkit.games.notation import split_by


def _playout(rng: random.Random, plies: int) -> list[Position]:
    """A random game, each position hashed as it is reached (as the replayer does), so that
    ``apply`` carries the key along; captures are preferred, to have many of them."""
    position = setup.initial_position()
    hash(position)
    out = [position]
    for _ in range(plies):
        legal = rules.legal_moves(position)
        if not legal:
            break
        captures = [m for m in legal if position.board[m.end] != rules.EMPTY]
        position = rules.apply(position, rng.choice(captures if captures and rng.random() < 0.5
                                                     else legal))
        hash(position)
        out.append(position)
    return out


@SETTINGS
@given(positions())
def test_reaches_is_membership_in_the_destinations_for_every_piece_of_both_sides(position: Position) -> None:
    board = position.board
    for side in (rules.WHITE, rules.BLACK):
        for start in range(BOARD.size):
            if board[start] * side <= 0:
                continue
            dests = piece_destinations(board, start, side)
            for end in range(BOARD.size):
                assert reaches(board, start, end, side) == (end in dests), \
                    (setup.format_setup(position), side, start, end)


@SETTINGS
@given(positions())
def test_check_move_without_a_path_accepts_exactly_the_reachable_spaces(position: Position) -> None:
    legal = {(m.start, m.end) for m in rules.legal_moves(position)}
    for start in range(BOARD.size):
        if position.board[start] * position.turn <= 0:
            continue
        for end in range(BOARD.size):
            assert (check.check_move(position, Move(start, end)) is None) == ((start, end) in legal)


def test_finished_matches_its_definition_along_playouts() -> None:
    rng = random.Random(12)
    for _ in range(20):
        for position in _playout(rng, 150):
            b = position.board
            slow = (b[rules.BLACK_BASE] > 0 or b[rules.WHITE_BASE] < 0
                    or not any(p > 0 for p in b) or not any(p < 0 for p in b))
            assert rules.finished(position) == slow


def test_equal_positions_hash_equal_however_they_were_made() -> None:
    rng = random.Random(7)
    seen: dict[Position, int] = {}
    by_value: dict[tuple[tuple[int, ...], int], int] = {}
    for game in range(30):
        for k, position in enumerate(_playout(rng, 120)):
            rebuilt = Position(position.board, position.turn)
            assert rebuilt == position and hash(rebuilt) == hash(position)
            if not rules.finished(position):  # a Setup is a game in progress
                again = setup.parse_setup(setup.format_setup(position))
                assert again == position and hash(again) == hash(position)
            seen.setdefault(position, game * 1000 + k)
            by_value.setdefault((position.board, position.turn), game * 1000 + k)
    assert len(seen) == len(by_value)  # a set of positions is a set of (board, turn) values
    assert sorted(seen.values()) == sorted(by_value.values())


def test_the_side_to_move_and_every_piece_change_the_hash() -> None:
    start = setup.initial_position()
    flipped = Position(start.board, -start.turn)
    assert flipped != start and hash(flipped) != hash(start)
    board = list(start.board)
    board[rules.space("GT")] = rules.WHITE_STONE
    moved = Position(tuple(board), start.turn)
    assert moved != start and hash(moved) != hash(start)
    assert hash(Position((0,) * 5)) == hash(Position((0,) * 5))  # not a Batalo board: still hashable


@SETTINGS
@given(positions())
def test_threats_are_what_the_pieces_reach_of_the_opponents_column_and_base(position: Position) -> None:
    for side in (rules.WHITE, rules.BLACK):
        reach: set[int] = set()
        for start in range(BOARD.size):
            if position.board[start] * side > 0:
                reach |= piece_destinations(position.board, start, side)
        column = position.column(-side)
        expected = [name for name, target in (("column", column), ("base", rules.base_of(-side)))
                    if target is not None and target in reach]
        assert rules.threats(position, side) == (expected if not rules.finished(position) else [])


_RUN_WORDS = ["IR to HS", "EV to DU", "XA to HS", "xa to hs", "IR to HS to JT", "averto", "AVERTO",
              "IR-HS", "IR x HS", "IR", "to", "x", "ax to bx", "I'm moving my stone from IR to HS", "@@"]


@given(st.lists(st.tuples(st.sampled_from(_RUN_WORDS), st.sampled_from([" ", "  ", "\t"])),
                min_size=1, max_size=5))
def test_the_quick_split_of_a_run_is_the_plain_split(words: list[tuple[str, str]]) -> None:
    """Batalo's split reads the common run ("IR to HS averto EV to DU") by one pattern; wherever it
    does, its spans are those of the plain definition (split_by with one move's pattern)."""
    run = "".join(w + s for w, s in words)
    plain = split_by(re.compile(_ONE_MOVE), run, _ANNOUNCED)
    assert NOTATION.split.plain(run) == plain
    assert list(NOTATION.split(run)) == plain


def test_the_quick_split_takes_the_common_runs() -> None:
    assert re.fullmatch(_RUN, "IR to HS averto EV to DU ") is not None
    assert re.fullmatch(_RUN, "IR to HS XA to DU") is None  # x: a capture mark for the plain split


def _threats_by_definition(position: Position, side: int) -> list[str]:
    """Ruling 14 read plainly: the targets among every destination of every piece of ``side``."""
    if rules.finished(position):
        return []
    reach: set[int] = set()
    for start in range(BOARD.size):
        if position.board[start] * side > 0:
            reach |= piece_destinations(position.board, start, side)
    column = position.column(-side)
    return [name for name, target in (("column", column), ("base", rules.base_of(-side)))
            if target is not None and target in reach]


def test_threats_asked_only_of_the_pieces_that_could_reach_are_the_definition_s_in_playouts() -> None:
    """``threats`` asks slides only where no piece of the mover stands to hop onto a target, and
    only the mover's columns about the opponent's column: over seeded random games (captures
    preferred, pieces crowding the bases late in a game) it gives the plain answer."""
    rng = random.Random(14)
    seen = hops = 0
    for _ in range(60):
        for position in _playout(rng, 120):
            for side in (rules.WHITE, rules.BLACK):
                expected = _threats_by_definition(position, side)
                assert rules.threats(position, side) == expected, (setup.format_setup(position), side)
                seen += 1
                hops += bool(expected)
    assert seen > 6_000 and hops > 100  # threats are common enough to have been tested


@SETTINGS
@given(positions())
def test_the_backward_hop_search_finds_every_piece_whose_hops_end_on_a_space(position: Position) -> None:
    """``threats`` asks only the pieces ``_hop_starts`` names about a hop series to a target: it
    must name every piece of the side whose hop series can end there (on every space, not only
    the targets, so that the search backwards is held to the forward one everywhere)."""
    board = position.board
    for side in (rules.WHITE, rules.BLACK):
        landings = {start: _hop_landings(board, start, side, board[start] == 2 * side)
                    for start in range(BOARD.size) if board[start] * side > 0}
        for target in range(BOARD.size):
            starts = set(_hop_starts(board, target, side))
            assert all(board[s] * side > 0 for s in starts)
            for start, ends in landings.items():
                if target in ends:
                    assert start in starts, (setup.format_setup(position), side, start, target)


def test_announce_is_the_plain_announcement_of_the_threats_in_playouts() -> None:
    """``announce`` hands out announcements made once; they are the ones made from ``threats``."""
    rng = random.Random(16)
    kinds = set()
    for _ in range(30):
        for position in _playout(rng, 120):
            found = rules.threats(position)
            plain = (Announcement("averto", "threatens the " + " and the ".join(found)),) if found else ()
            assert batalo.GAME.announce(position) == plain
            kinds.add(tuple(found))
    assert kinds == {(), ("column",), ("base",), ("column", "base")}


def test_no_threats_once_a_piece_stands_on_a_base() -> None:
    """``threats`` reads "the game is over" from the two bases itself: a won game threatens
    nothing, whichever side is asked, even where a column could still capture."""
    for text, base, code in (("GTW GUB", "JQ", rules.BLACK_STONE), ("GTW GUB", "DW", rules.WHITE_STONE),
                             ("GTW GUB KRo", "JQ", rules.BLACK_STONE),
                             ("GTW GUB EVx", "DW", rules.WHITE_STONE)):
        alive = setup.from_diagram(text)
        assert "column" in rules.threats(alive, rules.WHITE)  # the same pieces, no base held
        board = list(alive.board)
        board[rules.space(base)] = code
        for turn in (rules.WHITE, rules.BLACK):
            position = Position(tuple(board), turn)
            assert rules.finished(position)
            for side in (rules.WHITE, rules.BLACK):
                assert rules.threats(position, side) == [], (text, base, turn, side)


_TEXTS = ["IR to HS", "ir-hs", "RI to SH", "IR to HS to JT", "g5-g6", "IR x HS", "IR xHS", "stone IR to HS",
          "column JQ to GT", "I move my stone from IR to HS", "JQ to GT", "IR", "IR to", "@@", "IR to ZZ"]


def test_read_hands_out_the_move_the_plain_reading_gives_however_often_a_text_comes() -> None:
    """``read`` keeps the move of a text that names no piece and marks no capture; a text that does
    is still held against the position each time (three rounds: the memo is used from the second)."""
    from pbmkit.games.base import IllegalMoveError
    from pbmkit.games.batalo.notation import _parse
    from pbmkit.games.notation import MoveSyntaxError

    def plain(text: str, position: Position) -> object:
        try:
            w = _parse(text)
        except MoveSyntaxError as exc:
            return ("syntax", str(exc))
        board, piece = position.board, position.board[w.start]
        if w.piece is not None and piece * position.turn > 0 \
                and abs(piece) != {"stone": 1, "column": 2}[w.piece]:
            return ("illegal", "piece")
        if w.capture and board[w.path[-1]] == rules.EMPTY and piece * position.turn > 0:
            return ("illegal", "capture")
        return w.move, w.move.path

    def quick(text: str, position: Position) -> object:
        try:
            move = NOTATION.read(text, position)
        except MoveSyntaxError as exc:
            return ("syntax", str(exc))
        except IllegalMoveError as exc:
            return ("illegal", "capture" if "capture" in str(exc) else "piece")
        return move, move.path

    start = setup.initial_position()
    for position in (start, setup.parse_setup("W:JQ O:IQ,IR,JP,JR,KP,KQ B:DW X:CW,CX,DV,DX,EV,HS w")):
        for _ in range(3):
            for text in _TEXTS:
                assert quick(text, position) == plain(text, position), text


def test_play_along_its_own_answers_is_apply_to_the_end_of_the_game() -> None:
    """``play`` of the position it gave last skips its look for the opponent's pieces (that side
    has just moved one) and carries both columns' spaces (for itself and ``threats``): along
    seeded games played through ``play`` itself, captures preferred so that sides are taken down
    to their last pieces, columns captured and games ended by capture, each answer is ``apply``'s
    position, its threats (the averto words) are those of the same position made afresh, and a
    game over is never played on."""
    from pbmkit.games.batalo.play import play

    game = batalo.GAME
    chained = ended = 0
    for seed in range(40):
        rng = random.Random(seed)
        position = game.initial_position()
        for _ in range(300):
            legal = rules.legal_moves(position)
            texts = [str(m) for m in legal]
            for text in texts:
                NOTATION.read(text, position)  # read once: play answers texts read before
            if not legal:  # over (or no move): play answers nothing, whatever was written
                assert all(play(position, t) is None for t in texts)
                break
            captures = [m for m in legal if position.board[m.end] != rules.EMPTY]
            move = rng.choice(captures if captures and rng.random() < 0.8 else legal)
            board = list(position.board)  # the move by definition (apply would be remembered)
            board[move.end], board[move.start] = board[move.start], rules.EMPTY
            expected = Position(tuple(board), -position.turn)
            got = play(position, str(move)) if rng.random() < 0.7 else None
            if got is None:  # the long way (its apply carries the columns too)
                got = rules.apply(position, move)
            else:
                chained += 1
            assert got == expected and hash(got) == hash(expected)
            for side in (None, rules.WHITE, rules.BLACK):  # expected: no columns carried
                assert rules.threats(got, side) == rules.threats(expected, side)
            position = got
        if game.outcome(position) is not None and position.board[rules.WHITE_BASE] >= 0 \
                and position.board[rules.BLACK_BASE] <= 0:  # won by capture: no more moves
            ended += 1
            for start in range(BOARD.size):
                for end in NEIGHBOURS_OF[start]:
                    text = f"{rules.space_name(start)} to {rules.space_name(end)}"
                    NOTATION.read(text, position)
                    assert play(position, text) is None
    assert chained > 800 and ended > 3


NEIGHBOURS_OF = rules.BOARD.neighbours


def test_play_answers_nothing_where_the_opponent_has_no_piece_left() -> None:
    """A position set up with the side to move alone on the board is over: ``play`` looks for the
    opponent's pieces in every position it did not give itself."""
    from pbmkit.games.batalo.play import play

    start = setup.initial_position()
    for side in (rules.WHITE, rules.BLACK):
        alone = Position(tuple(p if p * side > 0 else rules.EMPTY for p in start.board), side)
        texts = [str(m) for m in rules.legal_moves(Position(alone.board, side))]
        texts += [f"{rules.space_name(s)} to {rules.space_name(n)}" for s in range(BOARD.size)
                  if alone.board[s] for n in NEIGHBOURS_OF[s]]
        assert texts
        for text in texts:
            NOTATION.read(text, alone)
            assert play(alone, text) is None


def test_play_answers_a_plain_move_the_first_time_its_text_is_met() -> None:
    """A text never read before is learnt by ``play`` itself, as ``read`` learns it (issue 22:
    each first reading took the long way, read, check_move and apply); a text naming a piece or
    marking a capture, or no move at all, still goes the long way."""
    from pbmkit.games.batalo import notation
    from pbmkit.games.batalo.play import play

    start = setup.initial_position()
    legal = rules.legal_moves(start)
    texts = [str(m) for m in legal]
    notation.PLAIN_MOVES.clear()
    for move, text in zip(legal, texts, strict=True):
        assert play(start, text) == rules.apply(start, move), text
    assert set(notation.PLAIN_MOVES) == set(texts)
    for text in ("stone IR to HS", "IR x HS", "IR to", "ZZ to HS"):
        assert play(start, text) is None, text
        assert text not in notation.PLAIN_MOVES


def test_a_text_learnt_by_play_means_what_the_reader_reads_in_it() -> None:
    """``play``'s first reading of a text keeps the move the notation's reader finds in it, for the
    common spellings read at once and every other one."""
    from pbmkit.games.batalo import notation
    from pbmkit.games.notation import MoveSyntaxError

    texts = ["IR to HS", "ir-hs", "IR TO HS", "Ir To hs", "ir \t to  hs", "IR-HS", "ir–hs", "IR x HS",
             "IR to HS to JS", "I'm moving my stone from IR to HS", "stone IR to HS", "ZZ to HS",
             "IR to ZZ", "IR to", "i9-h8", "g5-g6", "averto", "IR to IR", *_TEXTS]
    for text in texts:
        notation.PLAIN_MOVES.clear()
        try:
            w = notation._parse(text)
            expected = w.move if w.piece is None and not w.capture else None
        except MoveSyntaxError:
            expected = None
        got = notation.learn(text)
        assert got == expected and (got is None or got.path == expected.path), text
        assert (text in notation.PLAIN_MOVES) == (expected is not None), text


def test_the_spaces_a_hop_landing_on_a_space_passes_over_are_the_definition_s() -> None:
    """``_hop_lands``' table of the spaces hopped over, by landing, is built in one pass over every
    hop (issue 22: it was one pass a landing space, 127 of them, in every process)."""
    start = setup.initial_position()
    for target in range(BOARD.size):
        rules._hop_lands(start.board, target, rules.WHITE)
        overs = {over for cur in range(BOARD.size) for over, land in rules.HOPS[cur] if land == target}
        assert rules._HOPS_OVER[0][target] == overs
        entry = rules._HOPS_INTO[target]
        assert entry is not None and entry[1] == overs
