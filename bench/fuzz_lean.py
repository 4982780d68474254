"""`make fuzz`: the lean check and the full replay on mutated records, outputs compared (issue 37).

``pbmkit check`` reads plain and dated games by a lean path (pbmkit/desk/summary.py) and
everything else by the full replay; the two must report the same on every input, whatever the
file's size. The records start from random legal games of every registered game and from the
examples, plain and dated (the desk's ``{[%ccsnt 2026.11.21]}`` after every move, a ``Date`` tag,
now and then a ``TimeControl``), and are mutated: Unicode blanks, stray words and endings, lines
dropped, doubled, swapped or cut, turns renumbered, comments (the desk's, others, over lines, never
closed) put anywhere, dates spoiled, tags added or spoiled, spaces doubled, line ends changed,
characters flipped, pieces of other records spliced in, games shuttling between two positions.

Each case is checked four ways: lean and full (``iter_checks(lean=...)``), each read whole and a
chunk of games at a time (``progress=``: the chunk scan of an archive past 64 KiB, however small
the text); every ninth case is an archive past 64 KiB (the case among other games). A finding is:

* a report that differs between any two of the four (``check --json``'s object, the tags, the
  game, each problem with its source line);
* an exception out of ``iter_checks``;
* a path taking more CPU time a byte than ``--per-byte`` times what the unmutated records take
  (measured at the start of the run), past ``--floor`` seconds (time linear in the text).

Case ``i`` of seed ``s`` is generated from ``random.Random(f"{s}/{i}")`` alone: a run is
deterministic, can be cut into parts (``--start``, ``--count``), and any case rebuilt (``--write
INDEX``). Findings are written to bench/fuzz-findings/lean-SEED-INDEX.txt; exit status 1 when
something was found.

Usage: python bench/fuzz_lean.py [--count 20000] [--seed 1] [--start 0]
"""

from __future__ import annotations

import argparse
import datetime
import gc
import random
import statistics
import sys
import time
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from common import random_game

from pbmkit.desk.dates import annotation_text
from pbmkit.desk.summary import GameCheck, iter_checks
from pbmkit.games import game_names, get_game
from pbmkit.records.model import Comment
from pbmkit.records.reader import parse_records
from pbmkit.records.writer import moves_text, write_record

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "examples"
FINDINGS = ROOT / "bench" / "fuzz-findings"
LARGE = (1 << 16) + 1024
"""The size past which an archive is read a chunk of games at a time (reader._WHOLE), and some."""


@dataclass
class Base:
    """A record the mutations start from."""

    game: str
    dated: bool
    text: str


def _dated(text: str, rng: random.Random) -> str:
    """``text`` (one record) as the desk writes it: a Date tag, now and then a TimeControl, a
    comment after every move (sent a day or two after the last; now and then received too)."""
    [record] = parse_records(text, check_moves=False)[0]
    day = datetime.date(2026, 1, 1) + datetime.timedelta(days=rng.randrange(300))
    record.tags["Date"] = day.isoformat()
    if rng.random() < 0.4:
        record.tags["TimeControl"] = rng.choice(["3", "10/50", "1", "2"])
    n = 0
    for turn in record.main:
        for move in turn.moves:
            n += 1
            received = day + datetime.timedelta(days=1) if n % 5 == 0 else None
            day += datetime.timedelta(days=rng.choice((1, 1, 2, 5)))
            move.comments.append(Comment(annotation_text(received=received, sent=day)))
    return write_record(record)


def base_records() -> list[Base]:
    """For every registered game: random legal games of a few lengths (with repeated positions,
    as random play makes them), plain and dated; and the examples, as they are."""
    out: list[Base] = []
    for name in game_names():
        game = get_game(name)
        for seed, plies in enumerate((4, 30, 90)):
            rng = random.Random(f"base/{name}/{seed}")
            moves = random_game(game, rng, plies)
            sides = "".join(f'[{tag} "{tag} {seed}"]\n' for tag in game.side_tags)
            text = f'[Game "{game.title}"]\n[Number "{seed}"]\n{sides}\n{moves_text(game, moves)}'
            out.append(Base(name, False, text))
            out.append(Base(name, True, _dated(text, rng)))
    for path in sorted([*EXAMPLES.glob("*.txt"), *(EXAMPLES / "desk").glob("*.txt")]):
        text = path.read_text(encoding="utf-8-sig")
        out.append(Base(path.stem, "%ccsnt" in text, text))
    return out


def shuttle(turns: int, dated: bool) -> str:
    """A Batalo game going back and forth between two positions (every move from turn 2 on
    repeats a position: a note each), as the desk writes it when ``dated``."""
    d = " {[%ccsnt 2026.11.21]}" if dated else ""
    return '[Game "Batalo"]\n[TimeControl "3"]\n\n' + "".join(
        f"{k}. IR to HS{d} EV to FU{d}\n" if k % 2 else f"{k}. HS to IR{d} FU to EV{d}\n"
        for k in range(1, turns + 1))


# --- mutations: each takes the text and the case's random source, and gives a text

BLANKS = ["\u00a0", "\u2003", "\u3000", "\x0b", "\x85", "\u2028", "\ufeff", "\f", "\r", "\t", " "]
WORDS = ["draw", "Draw", "draw agreed", "draw claimed", "DRAW  agreed", "resigns", "concedes",
         "round 2", "round", "x", "12", "12.", "1.", "0.", "1a.", "...", "…", "}", "{", ";", "[Bad",
         "averto", "1234567890.", "IR", "IR to", "to", "@@", "1. ...", "draw {x} agreed"]
COMMENTS = ["{[%ccsnt 2026.11.21]}", "{[%ccrcv 2026.11.20] [%ccsnt 2026.11.21]}", "{[%ccsnt 2026.13.45]}",
            "{[%ccarr 2026.11.27]}", "{[%ccsnt soon]}", "{a note}", "{}", "{[%clk 0:03:00]}",
            "{[%ccsnt 2026.11.21]\n[%ccsnt 2026.11.22]}", "{[%ccsnt 2026.11.21] by post}",
            "{never closed", "; a line comment", "{[%ccsnt 2026.11.21]}{[%ccsnt 2026.11.22]}"]
TAGS = ['[TimeControl "2"]', '[TimeControl "10/50"]', '[TimeControl "30 days"]', '[Date "1994-03-12"]',
        '[Date "March 12"]', '[Winner "White"]', '[Winner "Draw"]', '[Winner "*"]', '[Winner "Nobody"]',
        '[Number "7"]', '[Event "a \\"big\\" one"]', '[Setup "x"]', '[Game "Batalo"]', '[Game "Nope"]',
        '[White "A {x"]', '[Black "B; y"]', '[First "Black"]']


def _lines(text: str) -> list[str]:
    return text.split("\n")


def _at_random_place(piece: str, text: str, rng: random.Random) -> str:
    """``piece`` at a line's start, a line's end, a space or anywhere."""
    where = rng.random()
    if where < 0.6:
        lines = _lines(text)
        k = rng.randrange(len(lines))
        lines[k] = piece + lines[k] if where < 0.3 else lines[k] + piece
        return "\n".join(lines)
    spaces = [k for k, c in enumerate(text) if c == " "]
    at = rng.choice(spaces) + 1 if spaces and where < 0.85 else rng.randrange(len(text) + 1)
    return text[:at] + piece + text[at:]


def m_blank(text: str, rng: random.Random) -> str:
    return _at_random_place(rng.choice(BLANKS), text, rng)


def m_word(text: str, rng: random.Random) -> str:
    word = rng.choice(WORDS)
    return _at_random_place(rng.choice([word, word + "\n", "\n" + word + "\n", " " + word]), text, rng)


def m_drop_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    lines.pop(rng.randrange(len(lines)))
    return "\n".join(lines)


def m_double_line(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    k = rng.randrange(len(lines))
    lines.insert(k, lines[k])
    return "\n".join(lines)


def m_swap_lines(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    a, b = rng.randrange(len(lines)), rng.randrange(len(lines))
    lines[a], lines[b] = lines[b], lines[a]
    return "\n".join(lines)


def m_cut(text: str, rng: random.Random) -> str:
    return text[:rng.randrange(len(text) + 1)]


def m_renumber(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    turns = [k for k, line in enumerate(lines) if line[:1].isdigit()]
    if turns:
        k = rng.choice(turns)
        number, dot, rest = lines[k].partition(".")
        digits = "".join(c for c in number if c.isdigit()) or "0"
        lines[k] = rng.choice([str(int(digits) + 1), "0" + number, number + "a", number + " ", ""]) \
            + dot + rest
    return "\n".join(lines)


def m_comment(text: str, rng: random.Random) -> str:
    comment = rng.choice(COMMENTS)
    return _at_random_place(rng.choice([" " + comment, comment, "\n" + comment + "\n"]), text, rng)


def m_spoil_comment(text: str, rng: random.Random) -> str:
    starts = [k for k, c in enumerate(text) if c == "{"]
    if not starts:
        return m_comment(text, rng)
    a = rng.choice(starts)
    b = text.find("}", a)
    inside = rng.choice(["[%ccsnt 2026.02.30]", "[%ccsnt 2025.11.21]", "[%ccrcv 2026.12.31]", "",
                         "[%ccsnt 2026.11.21] [%ccsnt 2026.11.22]", "[%ccsnt  2026.11.21]", "}",
                         "[%ccsnt 2026.11.21", "[%ccsnt 2026-11-21]", "[%CCSNT 2026.11.21]"])
    return text[:a + 1] + inside + (text[b:] if b >= 0 else "")


def m_tag(text: str, rng: random.Random) -> str:
    tag = rng.choice(TAGS)
    lines = _lines(text)
    heads = [k for k, line in enumerate(lines) if line.startswith("[")] or [0]
    lines.insert(rng.choice(heads) + rng.choice([0, 1]), tag)
    return "\n".join(lines)


def m_spaces(text: str, rng: random.Random) -> str:
    lines = _lines(text)
    k = rng.randrange(len(lines))
    lines[k] = lines[k].replace(" ", rng.choice(["  ", "\t", " \t"]), rng.choice([1, 2, -1]))
    return "\n".join(lines)


def m_line_ends(text: str, rng: random.Random) -> str:
    return rng.choice([text.replace("\n", "\r\n"), text.replace("\n", " \n"), text.rstrip("\n"),
                       text + "\n\n\n", text.replace("\n\n", "\n"), "\ufeff" + text])


def m_flip(text: str, rng: random.Random) -> str:
    if not text:
        return text
    at = rng.randrange(len(text))
    return text[:at] + rng.choice("0123456789.[]{};\"\\ \n\tx-") + text[at + 1:]


def m_shuttle(text: str, rng: random.Random) -> str:
    """Turns that go back and forth (repeated positions: a note each) or go wrong, appended."""
    lines = [line for line in _lines(text) if line[:1].isdigit()]
    if len(lines) < 2:
        return text
    last = lines[-1].partition(".")[0]
    number = int(last) if last.isdigit() else 0
    extra = []
    for k in range(rng.choice([2, 6, 40])):
        extra.append(f"{number + 1 + k}." + lines[k % 2].partition(".")[2])
    return text.rstrip("\n") + "\n" + "\n".join(extra) + "\n"


def m_comment_run(text: str, rng: random.Random, long: bool = True) -> str:
    """A run of the desk's comments on lines of their own after a move (now and then 200-700
    KB)."""
    run = "{[%ccsnt 2026.11.21]}" + rng.choice(["\n", " ", "\r\n"])
    lines = _lines(text)
    turns = [k for k, line in enumerate(lines) if line[:1].isdigit()] or [len(lines) - 1]
    k = rng.choice(turns)
    long = rng.random() < 1 / 30 and long
    lines[k] += " " + run * rng.choice([9000, 30000] if long else [1, 3, 30])
    return "\n".join(lines)


@dataclass
class Corpus:
    bases: list[Base]


def m_splice(text: str, rng: random.Random, corpus: Corpus) -> str:
    other = rng.choice(corpus.bases).text
    a = rng.randrange(len(other) + 1)
    b = min(len(other), a + rng.randrange(200))
    at = rng.randrange(len(text) + 1)
    return text[:at] + other[a:b] + text[at:]


MUTATIONS: dict[str, Callable[[str, random.Random], str]] = {
    f.__name__: f for f in (m_blank, m_word, m_drop_line, m_double_line, m_swap_lines, m_cut,
                            m_renumber, m_comment, m_spoil_comment, m_tag, m_spaces, m_line_ends,
                            m_flip, m_shuttle, m_comment_run)
}


def generate(seed: int, index: int, corpus: Corpus, long: bool = True) -> tuple[str, str]:
    """Case ``index`` of the run ``seed``: its text and what was done to it. Every game and both
    kinds of record (plain, dated) come round in turn; every ninth case is an archive past 64 KiB
    with the case among other records. Without ``long``, no case is a long game or a long run of
    comments (150-800 KB: the tests' short run)."""
    rng = random.Random(f"{seed}/{index}")
    names = sorted({b.game for b in corpus.bases if b.game in game_names()})
    name, dated = names[index % len(names)], bool(index // len(names) % 2)
    pool = [b for b in corpus.bases if b.game == name and b.dated == dated]
    if rng.random() < 0.1:
        pool = [b for b in corpus.bases if b.game not in names]  # an example
    text = rng.choice(pool).text
    done = []
    if rng.random() < 1 / 150 and long:  # a long game going back and forth: a note a move (150-800 KB)
        text = shuttle(rng.choice([6000, 16000]), dated)
        done.append("shuttle")
    for _ in range(rng.choice([1, 1, 2, 3, 5])):
        if rng.random() < 0.08:
            text = m_splice(text, rng, corpus)
            done.append("m_splice")
        else:
            mutation = rng.choice(list(MUTATIONS))
            text = m_comment_run(text, rng, long) if mutation == "m_comment_run" \
                else MUTATIONS[mutation](text, rng)
            done.append(mutation)
    if index % 9 == 8:  # an archive past 64 KiB, the case somewhere in it
        others: list[str] = []
        size = len(text)
        while size < LARGE:
            others.append(rng.choice(corpus.bases).text)
            size += len(others[-1]) + 1
        others.insert(rng.randrange(len(others) + 1), text)
        text = "\n".join(others)
        done.append("archive")
    return text, " ".join(done)


# --- the harness

def _key(c: GameCheck) -> tuple[Any, ...]:
    return (c.to_json(), c.tags, c.game.title if c.game is not None else None,
            [tuple(p) for p in c.errors], [tuple(p) for p in c.warnings])


def _no_progress(done: int, total: int) -> None:
    pass


WAYS: dict[str, Callable[[str], list[GameCheck]]] = {
    "lean": lambda text: list(iter_checks(text, "f.txt", lean=True)),
    "full": lambda text: list(iter_checks(text, "f.txt", lean=False)),
    "lean, chunked": lambda text: list(iter_checks(text, "f.txt", lean=True, progress=_no_progress)),
    "full, chunked": lambda text: list(iter_checks(text, "f.txt", lean=False, progress=_no_progress)),
}


def check_case(text: str) -> tuple[str | None, dict[str, float]]:
    """What is wrong with ``text`` (``None``: nothing) and the CPU seconds each way took."""
    keys: dict[str, list[tuple[Any, ...]]] = {}
    seconds: dict[str, float] = {}
    for way, check in WAYS.items():
        started = time.process_time()
        try:
            checks = check(text)
        except Exception:
            return f"{way}: {traceback.format_exc()}", seconds
        seconds[way] = time.process_time() - started
        keys[way] = [_key(c) for c in checks]
    first = keys["full"]
    for way, found in keys.items():
        if found != first:
            return f"{way} differs from full: {_difference(found, first)}", seconds
    return None, seconds


def _difference(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> str:
    if len(a) != len(b):
        return f"{len(a)} game(s) against {len(b)}"
    for k, (x, y) in enumerate(zip(a, b, strict=True)):
        if x != y:
            return f"game {k + 1}: {x!r:.600} against {y!r:.600}"
    return "?"  # pragma: no cover


def base_rates(corpus: Corpus) -> dict[str, float]:
    """CPU seconds a character each way takes on the unmutated records (whole and as an archive
    past 64 KiB), the median of the records."""
    texts = [b.text for b in corpus.bases]
    texts.append("\n".join(texts * (LARGE // sum(map(len, texts)) + 1)))
    rates: dict[str, list[float]] = {way: [] for way in WAYS}
    for text in texts:
        for way, check in WAYS.items():
            gc.collect()
            started = time.process_time()
            check(text)
            rates[way].append((time.process_time() - started) / max(len(text), 1))
    return {way: statistics.median(r) for way, r in rates.items()}


GROWTH = 2.5
"""How many times more a character of a long case (past :data:`LONG` characters) may cost than a
character of its first quarter (linear: about 1; quadratic: about 4)."""
LONG = 100_000


def _growth(way: str, text: str, spent: float) -> tuple[float, str]:
    """How many times more a character of ``text`` costs ``way`` than a character of its first
    quarter (cut at a line's end), the least of two measures of each; and what was measured."""
    quarter = text[:text.rfind("\n", 0, len(text) // 4) + 1] or text[:len(text) // 4]
    times = [_cpu(way, part) for part in (quarter, quarter, text)]
    whole = min(spent, times[2])
    growth = (whole / len(text)) / (max(min(times[:2]), 1e-6) / len(quarter))
    return growth, (f"{way}: {whole:.2f} s for {len(text):,} characters, {min(times[:2]):.3f} s "
                    f"for the first {len(quarter):,}")


LEAN_OVER_FULL = 2.5
"""How many times the full replay's CPU time the lean path may take: it reads a chunk at most
once, faster than the full replay, before it hands the chunk to it (so about 1.4 times at worst,
where it finds something at the chunk's end)."""


def _too_slow(seconds: dict[str, float], size: int, rates: dict[str, float], per_byte: float,
              floor: float) -> str | None:
    """Whether a way took too long (past ``floor`` seconds): more than ``per_byte`` times its base
    rate a character, or the lean path more than :data:`LEAN_OVER_FULL` times the full replay."""
    for way, spent in seconds.items():
        if spent > floor and spent / max(size, 1) > per_byte * rates[way]:
            return (f"{way}: {spent:.2f} s for {size:,} characters, "
                    f"{spent / size / rates[way]:.0f} times the base rate a character")
    return None


def _lean_slower(text: str, seconds: dict[str, float], floor: float) -> str | None:
    """Whether the lean path took more than :data:`LEAN_OVER_FULL` times the full replay's time
    (measured again, the least of two, before it is said)."""
    for lean, full in (("lean", "full"), ("lean, chunked", "full, chunked")):
        if seconds[lean] > floor and seconds[lean] > LEAN_OVER_FULL * seconds[full]:
            again = {way: min(seconds[way], _cpu(way, text)) for way in (lean, full)}
            if again[lean] > LEAN_OVER_FULL * again[full]:
                return (f"{lean}: {again[lean]:.2f} s for {len(text):,} characters, the full "
                        f"replay {again[full]:.2f} s")
    return None


def _cpu(way: str, text: str) -> float:
    gc.collect()
    started = time.process_time()
    WAYS[way](text)
    return time.process_time() - started


def _grows(text: str, seconds: dict[str, float], floor: float) -> str | None:
    """Whether the full replay's time grows faster than a long text (:data:`GROWTH`). (The lean
    path's time is held to the full replay's: a quarter of a text may be read by the lean path
    alone where the whole, with something in its last quarter, is read again by the full replay,
    which is no superlinear time.)"""
    if len(text) < LONG:
        return None
    for way in ("full", "full, chunked"):
        spent = seconds[way]
        if spent > floor:
            growth, measured = _growth(way, text, spent)
            if growth > GROWTH:
                return f"{measured}: a character costs {growth:.1f} times more (not linear)"
    return None


@dataclass
class Finding:
    index: int
    what: str
    problem: str


def run(seed: int, start: int, count: int, per_byte: float = 20.0, floor: float = 0.05,
        timed: bool = True, say: Callable[[str], None] | None = None, long: bool = True
        ) -> list[Finding]:
    """Cases ``start`` to ``start + count`` of the run ``seed``; the findings. ``timed``: also
    hold each way to ``per_byte`` times the base rate a character (past ``floor`` seconds), the
    lean path to the full replay's time, and the full replay's time to the text's length
    (linear). ``long``: as :func:`generate`'s."""
    corpus = Corpus(base_records())
    rates = base_rates(corpus) if timed else {}
    if say is not None and timed:
        say("base rates: " + ", ".join(f"{way} {rate * 1e6:.2f} µs" for way, rate in rates.items())
            + " of CPU a character")
    findings = []
    slowest: list[Any] = [0.0, "none past the floor"]
    started = time.monotonic()
    for index in range(start, start + count):
        text, what = generate(seed, index, corpus, long)
        problem, seconds = check_case(text)
        if problem is None and timed:
            problem = _too_slow(seconds, len(text), rates, per_byte, floor) \
                or _lean_slower(text, seconds, floor) or _grows(text, seconds, floor)
            for way, spent in seconds.items():
                if spent > floor:
                    ratio = spent / len(text) / rates[way]
                    if ratio > slowest[0]:
                        slowest[:] = [ratio, f"case {index} ({what}), {way}: {spent:.2f} s for "
                                             f"{len(text):,} characters"]
        if problem is not None:
            findings.append(Finding(index, what, problem))
            if say is not None:
                say(f"case {index} ({what}): {problem.splitlines()[0][:300]}")
        if say is not None and (index - start + 1) % 1000 == 0:
            say(f"{index - start + 1:,} cases, {len(findings)} finding(s), "
                f"{time.monotonic() - started:.0f} s; the slowest a character: {slowest[0]:.1f} "
                f"times the base rate ({slowest[1]})")
    return findings


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--count", type=int, default=20_000, help="Cases to generate (20,000).")
    ap.add_argument("--seed", type=int, default=1, help="The seed of the run (1).")
    ap.add_argument("--start", type=int, default=0, help="The index of the first case (0).")
    ap.add_argument("--per-byte", type=float, default=20.0,
                    help="CPU time a character may take, in times the base rate (20).")
    ap.add_argument("--floor", type=float, default=0.05, help="CPU seconds never a finding (0.05).")
    ap.add_argument("--write", type=int, metavar="INDEX", help="Write case INDEX to standard output.")
    a = ap.parse_args()
    if a.write is not None:
        text, what = generate(a.seed, a.write, Corpus(base_records()))
        print(f"case {a.write} ({what}):", file=sys.stderr)
        sys.stdout.write(text)
        return 0
    started = time.monotonic()
    findings = run(a.seed, a.start, a.count, a.per_byte, a.floor,
                   say=lambda line: print(line, flush=True))
    if findings:
        FINDINGS.mkdir(parents=True, exist_ok=True)
        corpus = Corpus(base_records())
        for f in findings:
            path = FINDINGS / f"lean-{a.seed}-{f.index}.txt"
            path.write_text(generate(a.seed, f.index, corpus)[0], encoding="utf-8")
        print(f"fuzz_lean: {len(findings)} finding(s) in {a.count:,} cases (seed {a.seed}), "
              f"written to {FINDINGS}", file=sys.stderr)
        return 1
    print(f"fuzz_lean: {a.count:,} cases (seed {a.seed}, from {a.start}): lean and full agree, whole "
          f"and chunked, in time linear in the text ({time.monotonic() - started:.0f} s)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
