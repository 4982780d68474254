"""The reader's fast path (no Lark for a text without syntax errors) reads exactly as Lark does.

A record without a syntax error is split into tokens and items without Lark; at the first token
that is not allowed where it stands the text goes to Lark. Wherever the fast path answers, it must
give the same items, the same tokens at the same places, and the same comments as Lark does.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from pbmkit.records import parse_records
from pbmkit.records.reader import _lark_items, _Reader
from pbmkit.records.tokens import simple_items

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

FRAGMENTS = [
    '[Game "Batalo"]', '[White "Ann \\"A\\" Lee"]', '[Black "B"]', '[Setup "W:JQ b"]', "[Bad tag",
    "1. IR to HS EV to FU", "2. JQ to JS DW to DY averto", "3. ir-hs", "12a. JR to IS CX to CY",
    "4. IR to GT to ET", "5. IRxHS", "6. IR  to\tHS", "7 IR to HS", "8. IR to", "9. g4-g5",
    "10... EV to DU", "11. ...", "averto", "resigns", "draw agreed", "I'm moving my stone from IR to HS",
    "{a comment}", "{ multi\nline }", "; line comment", "{never closed", "}", "\u2026", "01. IR to HS",
    "R c1-d2", "x", "-", "to", "round 2", "ROUND  3", "round", "e9/e8", "e5>c7", "D@e5", "B@c1",
    "Gd1>e2 e2-e6 tax R loot G>e4", "]", "12a... e5-e4",
]
SEPARATORS = [" ", "\n", "\r\n", "\t", "", "\n\n", " \ufeff"]


def _shape(obj: Any) -> Any:
    """Items with every token as (type, text, line, column, start, end). Lark reads a { that no }
    follows as U+E000 (the reader swaps it back in comments and tags): the same text."""
    if isinstance(obj, str) and hasattr(obj, "type"):
        return (obj.type, str(obj).replace("\ue000", "{"), obj.line, obj.column, obj.start_pos,
                obj.end_pos)
    if isinstance(obj, (list, tuple)):
        return type(obj).__name__, [_shape(x) for x in obj]
    return obj


def _both(text: str) -> tuple[Any, Any] | None:
    reader = _Reader(text, "t")
    fast = simple_items(reader.text)
    if fast is None:
        return None
    slow = _lark_items(reader)
    assert reader.problems == []  # the fast path only takes texts Lark reads without a problem
    return _shape(fast), _shape(slow)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(FRAGMENTS), st.sampled_from(SEPARATORS)), max_size=12))
def test_where_the_fast_path_reads_a_text_it_reads_it_as_lark_does(parts: list[tuple[str, str]]) -> None:
    text = "".join(f + s for f, s in parts)
    both = _both(text)
    if both is not None:
        assert both[0] == both[1], text


def test_typical_texts_take_the_fast_path_and_agree() -> None:
    texts = [
        "",
        "  \n",
        "1. IR to HS EV to FU\n2. JQ to JS\n",
        '[Game "Batalo"]\n[White "A"]\n\n{intro}\n1. IR to HS ; note\n EV to FU averto\n',
        '[White "A"]\n[White "B"]\n[Game "Batalo"]\n1. IR to HS\n',
        '[Game "Batalo"]\r\n1. IR to HS EV to FU\r\n\r\n[Game "Batalo"]\r\n1. IR-HS\r\n',
        '\ufeff[Game "Batalo"]\n1. IR to HS {why} \n2. ir - hs averto EV x DU\n; end\n',
        "1. IR to HS resigns\n",
        "1. IR to HS EV to FU\n2. draw  agreed\n",
        '[Setup "W:JQ b"]\n1. ... EV to DU\n2... EV to DU\n',
        "1. I'm moving my stone from IR to space HS EV to FU averto\n",
        "1. {first} IR to HS {second} EV to FU averto {third}\n12a. JR to IS\n",
        "1. IR to GT to ET averto EV to FU\n",
        '[Game "Batrakill"]\n1. c2-c3 D@e5\nround 2 {back}\n1. e9/e8 D e4xe6xg6\n2. e5>c7\n',
        '[Game "Baladana"]\n1. Gd1>e2 e2-e6 c7-c6\n2. c1xh6 tax R loot G>e4 B>c3\n',
    ]
    for text in texts:
        both = _both(text)
        assert both is not None, text  # no syntax error here
        assert both[0] == both[1], text


def test_the_example_records_read_the_same_where_the_fast_path_takes_them() -> None:
    taken = 0
    for path in sorted(EXAMPLES.glob("*.txt")):
        both = _both(path.read_text(encoding="utf-8"))
        if both is not None:
            taken += 1
            assert both[0] == both[1], path.name
    assert taken >= 1


def test_a_syntax_error_sends_the_text_to_lark() -> None:
    for text in ["IR to HS\n", "1. IR to HS {open\n", "[Bad\n", "1 IR to HS\n", "averto\n",
                 "1. ... ...\n", "} stray\n", '[White "A"] IR to HS\n', "1. IR to HS resigns EV to FU\n",
                 "1. IR to 7\n", "round 2\nIR to HS\n", "1. IR to HS ] EV to FU\n",
                 "1. W@b1 K@e5\nround 21. W@b1 K@e5 "]:  # "round 21" is a phase line, then "."
        assert simple_items(text) is None, text
        assert parse_records(text)[1], text  # and Lark finds the problem


def test_a_move_the_game_cannot_read_is_the_game_s_problem_not_the_grammar_s() -> None:
    """The grammar only finds runs of move text; the game's notation splits and reads them."""
    for text in ["1. IR to HS averto averto averto\n", "1. IR to HS\n2. ... averto\n", "1. IR to\n",
                 "1. @@ EV to FU\n", "1. IR to HS EV to FU JQ to JS\n"]:
        assert simple_items(text) is not None, text
        assert parse_records(text)[1], text  # the reader or the notation finds the problem


def test_a_mailed_move_never_imports_lark() -> None:
    code = ("import sys\nfrom pbmkit.records import check_text\n"
            "reps = check_text('[Game \"Batalo\"]\\n1. IR to HS EV to FU\\n')\n"
            "assert reps[0].valid and len(reps[0].main) == 2\n"
            "assert 'lark' not in sys.modules, 'lark imported'\n")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_records_read_the_same_either_way() -> None:
    text = (EXAMPLES / "04-archive.txt").read_text(encoding="utf-8")
    fast, problems = parse_records(text)
    reader = _Reader(text, "<string>")
    items, comments = _lark_items(reader)
    slow = reader.build(items, comments)
    assert problems == [] and [r.key() for r in fast] == [r.key() for r in slow]
    assert [(t.label, t.line, t.column, [(m.text, m.line, m.column, m.end_pos) for m in t.moves])
            for r in fast for t in r.turns] == \
        [(t.label, t.line, t.column, [(m.text, m.line, m.column, m.end_pos) for m in t.moves])
         for r in slow for t in r.turns]


_PLAIN_STOP = r"(?i:resigns|concedes|draw[ \t]+(?:agreed|claimed)|round[ \t]+[0-9]{1,9})"
"""MOVETEXT's stop words as first written, one case-insensitive alternation; the grammar now
spells each word's first letter as a class (``[Rr](?i:esigns|ound...)``), which the regular
expression engine tests before entering the alternation (issue 22: ~2% of checking an archive)."""


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from([
    "resigns", "Resigns", "RESIGNS", "re\u017figns", "resign", "resignsx", "concedes", "CONCEDES",
    "conceded", "draw agreed", "Draw  claimed", "DRAW\tAGREED", "drawn", "draw", "round 2",
    "ROUND 12", "round", "rounds 2", "r\u0130", "d", "c", "IR to HS", "R c1-d2", "x", "averto",
    "Dw to DY", "cx", "12", "2.", "\u2026", "{c}", "k\u212a"]), min_size=1, max_size=8),
    st.sampled_from([" ", "  ", "\t", " \t"]))
def test_movetext_stops_at_the_words_it_stopped_at_before(words: list[str], blank: str) -> None:
    import re

    from pbmkit.records.tokens import terminal

    now = re.compile(terminal("MOVETEXT"))
    before = re.compile(terminal("MOVETEXT").replace(
        r"(?:[Rr](?i:esigns|ound[ \t]+[0-9]{1,9})|[Cc](?i:oncedes)|[Dd](?i:raw[ \t]+(?:agreed|claimed)))",
        _PLAIN_STOP))
    assert before.pattern != now.pattern
    text = blank.join(words)
    for start in range(len(text)):
        a, b = now.match(text, start), before.match(text, start)
        assert (a and a.span()) == (b and b.span()), (text, start)
