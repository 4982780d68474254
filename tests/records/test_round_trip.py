"""Write -> parse gives the same record: random legal games with random spellings, comments and series."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from pbmkit.games import batalo
from pbmkit.games.batalo import rules, setup
from pbmkit.records import check_text, parse_records, write_records

COMMENT_CHARS = "abc XYZ 12.,!?'\"[]()-;:\\é\t"


def spell(rng: random.Random, move: batalo.Move) -> str:
    a, b = rules.space_name(move.start), rules.space_name(move.end)
    style = rng.randrange(5)
    if style == 0:
        return f"{a} to {b}"
    if style == 1:
        return f"{a}-{b}".lower()
    if style == 2:
        return f"{a.lower()} to {b}"
    if style == 3:
        return f"I'm moving my stone from space {a} to space {b}"  # only used for stones
    return f"{a}  -  {b}"


def comment(rng: random.Random) -> str:
    text = "".join(rng.choice(COMMENT_CHARS) for _ in range(rng.randrange(12)))
    if rng.random() < 0.5:
        return "{" + text + ("\n" + text if rng.random() < 0.3 else "") + "}"
    return ";" + text + "\n"


def random_line(rng: random.Random, pos: batalo.Position, turns: int) -> list[tuple[batalo.Move, bool]]:
    out = []
    for _ in range(turns * 2):
        legal = rules.legal_moves(pos)
        if not legal:
            break
        mv = rng.choice(legal)
        after = rules.apply(pos, mv)
        out.append((mv, bool(rules.threats(after))))
        pos = after
    return out


def write_line(rng: random.Random, plies: list[tuple[batalo.Move, bool]], first: int, series: str,
               pos: batalo.Position) -> str:
    parts: list[str] = []
    for k, (mv, averto) in enumerate(plies):
        if k % 2 == 0:
            parts.append(f"\n{first + k // 2}{series}.")
        text = spell(rng, mv)
        if text.startswith("I'm") and abs(pos.board[mv.start]) != rules.WHITE_STONE:
            text = f"{rules.space_name(mv.start)} to {rules.space_name(mv.end)}"
        parts.append(text + (" averto" if averto else ""))
        if rng.random() < 0.2:
            parts.append(comment(rng))
        pos = rules.apply(pos, mv)
    return " ".join(parts)


def random_record(seed: int) -> tuple[str, list[batalo.Move]]:
    rng = random.Random(seed)
    tags = {"Game": "Batalo", "White": "Ann", "Black": 'Bob "B" \\o/'}
    if rng.random() < 0.5:
        tags["Referee"] = "Cy"
    text = "".join(f'[{k} "{v.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]\n'
                   for k, v in tags.items())
    if rng.random() < 0.3:
        text += comment(rng) + "\n"
    start = setup.initial_position()
    main = random_line(rng, start, rng.randrange(0, 20))
    text += write_line(rng, main, 1, "", start)
    positions = [start]
    pos = start
    for mv, _ in main:
        pos = rules.apply(pos, mv)
        positions.append(pos)
    for letter in "ab"[: rng.randrange(3)]:
        full_turns = len(main) // 2
        n = rng.randrange(1, full_turns + 2)
        branch = positions[2 * (n - 1)]
        text += write_line(rng, random_line(rng, branch, rng.randrange(1, 4)), n, letter, branch)
    if rng.random() < 0.2 and rules.outcome(pos) is None:
        text += rng.choice(["\nresigns", " draw agreed", "\nconcedes"])
    return text + "\n", [mv for mv, _ in main]


@settings(max_examples=120, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_write_then_parse_gives_the_same_record(seed: int) -> None:
    text, moves = random_record(seed)
    records, problems = parse_records(text)
    assert problems == [], (text, [p.format() for p in problems])
    written = write_records(records)
    again, problems = parse_records(written)
    assert problems == []
    assert [r.key() for r in again] == [r.key() for r in records]
    assert write_records(again) == written  # the canonical form is a fixed point
    (game,) = check_text(written)
    assert game.valid, [e.format() for e in game.errors]
    assert [p.move for p in game.main] == moves


def test_an_archive_round_trips_game_by_game() -> None:
    texts = [random_record(seed)[0] for seed in range(5)]
    records, _ = parse_records("\n".join(texts))
    assert len(records) == 5
    again, _ = parse_records(write_records(records))
    assert [r.key() for r in again] == [r.key() for r in records]


@settings(max_examples=60, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_every_legal_move_reads_back_from_its_canonical_text(seed: int) -> None:
    from pbmkit.records import format_move, parse_move

    rng = random.Random(seed)
    pos = setup.initial_position()
    for _ in range(rng.randrange(40)):
        legal = rules.legal_moves(pos)
        if not legal:
            break
        pos = rules.apply(pos, rng.choice(legal))
    for mv in rules.legal_moves(pos):
        assert parse_move("batalo", format_move("batalo", mv, pos), pos) == mv
        assert parse_move("batalo", spell(rng, mv).replace("I'm moving my stone", "im moving my "
                          + ("column" if abs(pos.board[mv.start]) == 2 else "stone")), pos) == mv


PIECES = ["1.", "2.", "12a.", " ", "\n", "\r\n", "IR to HS", "EV to FU", "ir-hs", "IR", "to", "x", "g4",
          "NA", "averto", "resigns", "draw agreed", "...", "{c}", "{", "}", ";c\n", '[White "A"]', "[", "]",
          '"', "I'm moving my stone from space IR to space HS", "@", "\ufeff", "\t", "12", "1...",
          "R c1-d2", "JQ to HS to FU", "é", '[Game "Chess"]', '[Winner "Blue"]', '[Setup "W:JQ w"]']


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(PIECES), max_size=30))
def test_any_text_gives_messages_never_a_traceback(pieces: list[str]) -> None:
    text = "".join(pieces)
    lines = text.lstrip("\ufeff").split("\n")
    for game in check_text(text, "soup.txt"):
        for problem in game.errors + game.warnings:
            assert problem.message and "__ANON" not in problem.message
            assert problem.line is None or 1 <= problem.line <= len(lines)
            problem.format()
        game.to_json()
    records, problems = parse_records(text)
    if not any(p.severity == "error" for p in problems):
        again, _ = parse_records(write_records(records))
        assert [r.key() for r in again] == [r.key() for r in records]
