"""Parsing is safe from several threads at once (issue 10): comments of a parse in progress are
collected per thread, and the tables built on first use are built once."""

from __future__ import annotations

import subprocess
import sys
import textwrap
import threading
from typing import Any

from pbmkit.records import check_text, parse_records

TEXTS = [
    '[Game "Batalo"]\n{c1} 1. IR to HS {c2} EV to FU ; c3\n2. JQ to JS\n',
    '[Game "Batalo"]\n1. IR to HS {open comment\n2 EV to FU\n',  # errors: read by Lark
    '[Game "Billo"]\n1. R c2-c3 {y} S f7-f6 {o}\n2. } R c3-c4\n',
    "1. IR to ZZ {why} ; note\n[Bad tag\n",
]


def _shape(text: str) -> Any:
    records, problems = parse_records(text, "t")
    return ([(r.key(), [(c.text, c.line) for t in r.turns for m in t.moves for c in m.comments])
             for r in records], [(p.line, p.column, p.message) for p in problems])


def test_threads_reading_at_once_read_as_one_thread_does() -> None:
    expected = [_shape(t) for t in TEXTS]
    barrier = threading.Barrier(8)
    results: list[list[Any]] = [[] for _ in range(8)]

    def work(k: int) -> None:
        barrier.wait()
        for _ in range(25):
            results[k].append([_shape(t) for t in TEXTS])

    threads = [threading.Thread(target=work, args=(k,)) for k in range(8)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    for got in results:
        assert got == [expected] * 25


def test_the_first_parses_of_a_process_may_come_from_several_threads() -> None:
    """The parser and the scanners are built on first use: two threads asking first get the same."""
    code = textwrap.dedent("""
        import threading
        from pbmkit.records import parse_records
        texts = ['1. IR to HS {a} EV to FU\\n', '1. IR to HS {open\\n',
                 '1. I\\'m moving my stone from IR to HS\\n']
        want = [[(p.line, p.column, p.message) for p in parse_records(t)[1]] for t in texts]
        barrier = threading.Barrier(6)
        out = []
        def go():
            barrier.wait()
            out.append([[(p.line, p.column, p.message) for p in parse_records(t)[1]] for t in texts])
        ts = [threading.Thread(target=go) for _ in range(6)]
        [t.start() for t in ts]; [t.join() for t in ts]
        assert len(out) == 6 and all(o == want for o in out), out
    """)
    # Fresh processes, so the tables really are built while the threads race for them.
    for _ in range(3):
        subprocess.run([sys.executable, "-c", code], check=True, timeout=120)


def test_checking_from_threads_gives_the_same_reports() -> None:
    text = "".join(TEXTS)
    want = [(r.valid, [(p.line, p.message) for p in r.errors]) for r in check_text(text)]
    got: list[Any] = []
    threads = [threading.Thread(target=lambda: got.append(
        [(r.valid, [(p.line, p.message) for p in r.errors]) for r in check_text(text)]))
        for _ in range(6)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [want] * 6


def test_reading_leaves_the_garbage_collector_as_the_caller_set_it() -> None:
    """Issue 10: the library must not switch the collector off for its caller (only the pbmkit
    command tunes it); reading used to disable it for the whole of a check."""
    import gc

    from pbmkit.records.replay import iter_check_text

    assert gc.isenabled()
    seen = []
    for _ in iter_check_text("".join(TEXTS) * 3):
        seen.append(gc.isenabled())
    parse_records("".join(TEXTS))
    assert seen and all(seen) and gc.isenabled()
