"""An archive read one chunk of games at a time reads exactly as when read whole (issue 9, item 13:
``check -q`` on a 10 MB archive peaked at 4.5 GB because every record was built before the first
was replayed; bench/memory.py measures the peak now)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pbmkit.records import check_text, parse_records
from pbmkit.records.chunks import game_chunks
from pbmkit.records.model import Comment, Phase, Record, Turn
from pbmkit.records.reader import iter_records

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

FRAGMENTS = [
    '[Game "Batalo"]', '[White "Ann {not a comment"]', '[Black "B; still a name"]', '[Number "2"]',
    "1. IR to HS EV to FU", "2. JQ to JS DW to DY averto", "3. ir-hs", "12a. JR to IS CX to CY",
    "1. ... EV to DU", "resigns", "draw agreed", "{a comment}", "{ multi\nline [Game \"X\"] }",
    "; line comment [White \"C\"]", "{never closed", "}", "[Bad tag", "7 IR to HS", "x",
    '{before} [White "D"]', '[Game "Billo"]', "1. R c2-c3 S f7-f6",
]
SEPARATORS = ["\n", "\n\n", " ", "\r\n", "\n \n"]


def _comments(cs: list[Comment]) -> list[tuple[str, str, int, int]]:
    return [(c.kind, c.text, c.line, c.column) for c in cs]


def _shape(r: Record) -> tuple[Any, ...]:
    body = []
    for item in r.body:
        if isinstance(item, Turn):
            body.append((item.label, item.line, item.column, _comments(item.comments),
                         [(m.text, m.line, m.column, _comments(m.comments)) for m in item.moves]))
        elif isinstance(item, Phase):
            body.append((item.label, item.series, item.line, item.column, _comments(item.comments)))
        else:
            body.append((item.kind, item.line, item.column, _comments(item.comments)))
    return (r.key(), r.line, r.column, dict(r.tag_positions), body, _comments(r.leading),
            _comments(r.intro), {k: _comments(v) for k, v in r.tag_comments.items()},
            [(p.line, p.column, p.message, p.source_line) for p in r.problems],
            [r.source_line(k) for k in _lines_of(r)])


def _lines_of(r: Record) -> list[int]:
    """The lines the record's own elements stand on (its caret displays quote them)."""
    lines = [r.line, *(p.line for p in r.problems if p.line)]
    for item in r.body:
        lines.append(item.line)
        if isinstance(item, Turn):
            lines.extend(m.line for m in item.moves)
    return lines


def _same_either_way(text: str) -> None:
    """Records without syntax errors read the same in every detail; with syntax errors, the same
    games, each with the same turns, and the same problems found at the same places (a stray word
    between two games may fall to either, and the comments next to it with it)."""
    whole, problems = parse_records(text, "t", check_moves=False)
    chunked = [r for r, _, _ in iter_records(text, "t", whole=0)]  # chunked however small
    if not problems:
        assert [_shape(r) for r in chunked] == [_shape(r) for r in whole], text
        return

    def placed(records: list[Record]) -> list[tuple[Any, ...]]:
        return sorted((p.line or 0, p.column or 0, p.message, p.source_line or "")
                      for r in records for p in r.problems)

    assert placed(chunked) == placed(whole), text
    assert [len(r.turns) for r in chunked] == [len(r.turns) for r in whole], text


@settings(max_examples=300, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(FRAGMENTS), st.sampled_from(SEPARATORS)), max_size=14))
def test_an_archive_reads_the_same_whole_or_in_chunks(parts: list[tuple[str, str]]) -> None:
    _same_either_way("".join(f + s for f, s in parts))


def test_the_examples_read_the_same_whole_or_in_chunks() -> None:
    for path in sorted(EXAMPLES.rglob("*.txt")):
        _same_either_way(path.read_text(encoding="utf-8-sig"))


ARCHIVE = """{ archive of three }
[Game "Batalo"]
[White "A {x"]
1. IR to HS EV to FU { a comment
over two lines }

; between the games: opens the next one
[Game "Batalo"]
[White "B"]
1. IR to HS {c} EV to FU
[Game "Batalo"]
1. IR to GS
"""


def test_each_game_after_moves_starts_a_chunk_never_inside_a_comment() -> None:
    chunks = game_chunks(ARCHIVE)
    assert [line for _, line in chunks] == [1, 6, 11]
    assert ARCHIVE[chunks[1][0]:].lstrip().startswith("; between the games")
    _same_either_way(ARCHIVE)


def test_errors_of_a_later_chunk_keep_the_file_s_lines() -> None:
    text = ARCHIVE.replace("1. IR to GS", "1. IR to ZZ")
    reps = check_text(text, "a.txt")
    assert [r.valid for r in reps] == [True, True, False]
    assert reps[2].errors[0].line == 12
    assert reps[2].errors[0].source_line == "1. IR to ZZ"


def test_a_comment_never_closed_keeps_the_rest_in_one_chunk() -> None:
    text = "1. IR to HS {open\n[Game \"Batalo\"]\n1. IR to HS\n"
    assert game_chunks(text) == [(0, 1)]


def test_a_comment_after_a_refused_move_stays_with_its_game_either_way() -> None:
    """Found by the property test: a move refused as one too many ends its game's text, so the
    comment on its line is the game's, whether the archive is read whole or a game at a time."""
    text = '1. IR to HS EV to FU x\nx {a comment}\n[Game "Batalo"]\n\n1. IR to HS\n'
    _same_either_way(text)
    whole, _ = parse_records(text, "t", check_moves=False)
    assert [c.text for c in whole[0].turns[0].moves[-1].comments] == ["a comment"]
    assert whole[1].leading == []


@pytest.mark.parametrize("word", ["draw", "Draw", "draw {x} agreed", "draw\nagreed"])
def test_a_bare_draw_before_tags_is_a_stray_word_of_the_game_after_it_either_way(word: str) -> None:
    """``draw`` alone is no ending (``draw agreed`` is): the scan once took it for one and began a
    game at the tags after it, so a large archive counted one game more than a small one (issue 37:
    "1 turn(s)" small, "0 turn(s)" past 64 KiB)."""
    text = f'{word}\n[Game "Batalo"]\n\n1. IR to HS EV to FU\n'
    assert game_chunks(text) == [(0, 1)]
    _same_either_way(text)
    [whole] = parse_records(text, "t", check_moves=False)[0]
    assert len(whole.turns) == 1
    assert game_chunks("draw agreed\n" + text[text.index("["):]) == [(0, 1), (12, 2)]


def test_a_small_text_is_one_chunk_and_a_large_one_is_chunked() -> None:
    """A mailed record is read whole (no chunk scan at start-up); an archive a chunk at a time."""
    game = '[Game "Batalo"]\n\n1. IR to HS EV to FU\n\n'
    small = [k for _, k, _ in iter_records(game * 3)]
    assert small == [0, 0, 0]
    large = [(k, n) for _, k, n in iter_records(game * 3000)]  # ~120 KB
    assert large[-1][0] == large[-1][1] - 1 and large[-1][1] > 1


HEADS = ['[Game "Batalo"]', '[White "A {x"]', '[Black "B; y"]', ' [Number "3"]\t', '[A "1"] [B "2"]',
         '[Bad tag', '\ufeff[Game "Billo"]', "\ufeff", "\f", " \t", "", "1. IR to HS EV to FU",
         "2. JQ to JS", "round 2", "resigns", "draw", "DRAW  agreed", "x", "{c}", "; c", "7 IR to HS",
         "12a. JR to IS"]
ENDS = ["\n", "\r\n", " \n", "\t\r\n", ""]


@settings(max_examples=400, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(HEADS), st.sampled_from(ENDS)), max_size=16))
def test_the_chunk_scan_s_runs_of_lines_find_what_its_line_by_line_reading_finds(
        parts: list[tuple[str, str]]) -> None:
    """The runs of turn lines and of tag lines (with the blank lines around them) passed over in
    one match each begin the same chunks as the scan line by line (issue 22: the tag lines' run)."""
    import pbmkit.records.chunks as chunks

    text = "".join(f + e for f, e in parts)
    fast = game_chunks(text)
    never = re.compile(r"(?!)")
    saved = chunks._TURN_LINES, getattr(chunks, "_TAG_LINES", never)
    try:
        chunks._TURN_LINES = chunks._TAG_LINES = never
        slow = game_chunks(text)
    finally:
        chunks._TURN_LINES, chunks._TAG_LINES = saved
    assert fast == slow, text
