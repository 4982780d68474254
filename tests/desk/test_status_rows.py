"""``pbmkit status`` rows by check's lean path are the full path's, byte for byte (issue 37).

``status`` reads every game once, by :func:`pbmkit.desk.summary.iter_checks` with ``facts``
(:mod:`pbmkit.desk.rows`); a game the lean path hands over is read, replayed and given its row
by :func:`pbmkit.desk.rows.game_row`, as ``status`` always did. With ``PBMKIT_FULL_REPLAY`` set
(honoured by the compiled build too: ``scripts/test_compiled.py`` runs this file) every row is
``game_row``'s: the reference. These tests hold the two equal on random games of every game,
dated and plain, spoiled in every way ``tests/records/test_lean_check.py`` spoils them, read
whole and past 64 KiB a chunk of games at a time, and through the command's text and JSON.
"""

from __future__ import annotations

import datetime
import json
import random
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.desk import summary
from pbmkit.desk.rows import iter_rows
from pbmkit.desk.summary import iter_checks
from pbmkit.games import game_names, get_game
from tests.records.test_lean_check import DATED_SPOILS, SPOILS, _dated, _record

TODAYS = (datetime.date(2026, 11, 3), datetime.date(2027, 3, 1))

ROW_SPOILS = {
    **DATED_SPOILS,
    **SPOILS,
    "the last move offers a draw": lambda text, rng: _nth_comment(text, -1, "[%ccdraw offer]"),
    "a draw offered and accepted": lambda text, rng: _nth_comment(
        _nth_comment(text, -2, "[%ccdraw offer]"), -1, "[%ccdraw accepted]"),
    "the last move unclear": lambda text, rng: _nth_comment(text, -1, "[%ccunclear]"),
    "the last move arrived": lambda text, rng: _nth_comment(text, -1, "[%ccarr 2026.12.01]"),
    "a Setup and no move": lambda text, rng: _setup_only(text),
    "tags and no move": lambda text, rng: text[:text.index("\n\n") + 2],
    "resigns after the first move": lambda text, rng: _first_turn_only(text) + "resigns\n",
}


def _nth_comment(text: str, k: int, annotation: str) -> str:
    """``annotation`` added to the ``k``-th desk comment of ``text`` (as Python indexes)."""
    ends = [at for at, c in enumerate(text) if c == "}"]
    if not ends:
        return text
    at = ends[k if -len(ends) <= k < len(ends) else -1]
    return f"{text[:at]} {annotation}{text[at:]}"


def _first_turn_only(text: str) -> str:
    head, _, body = text.partition("\n\n")
    return f"{head}\n\n{body.splitlines()[0] if body else ''}\n"


def _setup_only(text: str) -> str:
    """The tags and a Setup of the position after the first move (the second side to move)."""
    title = text.split('"', 2)[1]
    [name] = [n for n in game_names() if get_game(n).title == title]
    game = get_game(name)
    position = game.initial_position()
    moves = list(game.legal_moves(position))
    if moves:
        position = game.apply(position, moves[0])
    head = text.partition("\n\n")[0]
    return f'{head}\n[Setup "{game.format_setup(position)}"]\n\n'


def _players(text: str) -> list[str]:
    return [line.split('"')[1] for line in text.splitlines()
            if line.startswith("[") and line.split()[0][1:] in _SIDE_TAGS]


_SIDE_TAGS = {tag for n in game_names() for tag in get_game(n).side_tags}


def _rows(text: str, lean: bool, me: tuple[str, ...], today: datetime.date
          ) -> list[dict[str, Any]]:
    return list(iter_rows(text, "f.txt", me, today, lean=lean))


def _same(text: str) -> list[dict[str, Any]]:
    """Assert that the rows of ``text`` are the same by either path, for no player and for
    each of its first game's first two players, on a day among the moves and one after them.
    The rows."""
    names = _players(text)
    out: list[dict[str, Any]] = []
    for me, today in [((), TODAYS[0]), *(((name,), TODAYS[k % 2 - 1])
                                         for k, name in enumerate(names[:2]))]:
        full = _rows(text, False, me, today)
        assert _rows(text, True, me, today) == full, (me, today)
        out += full
    return out


@pytest.mark.parametrize("spoil", list(ROW_SPOILS))
@pytest.mark.parametrize("name", game_names())
def test_a_row_by_the_lean_path_is_the_full_path_s(name: str, spoil: str) -> None:
    """Every game, dated (a TimeControl to overstep or not, received dates, no Date tag) and
    plain, as the desk writes it and spoiled: errors, Setups, endings, Winner tags, draws
    offered, unclear moves, comments the lean path does not follow."""
    for seed, (plies, tags) in enumerate([(6, '[Date "2026-11-01"]'), (60, '[TimeControl "2"]')]):
        rng = random.Random(seed)
        for dated in (True, False):
            if not dated and spoil in DATED_SPOILS and spoil not in SPOILS:
                continue  # a spoil of the desk's comments
            text = _record(name, seed, plies)
            if dated:
                text = _dated(text, seed, tags)
            _same(ROW_SPOILS[spoil](text, rng))


def test_the_rows_cover_what_a_row_says() -> None:
    """The records above reach every kind of row: a board win without a Winner tag, a draw
    offered, a move unclear, an overstep, a repeat due, errors; so their equality says something."""
    rows = []
    for name in game_names():
        for spoil in ("as the desk writes it", "the last move offers a draw",
                      "the last move unclear", "an announcement written", "a Setup and no move",
                      "resigns"):
            for seed, plies in enumerate((60, 400) if spoil == "resigns" else (60,)):
                text = _dated(_record(name, seed, plies), seed, '[TimeControl "1"]')
                rows += _same(ROW_SPOILS[spoil](text, random.Random(seed)))
    assert any(r["winner"] not in (None, "draw") and r["ended"] and r["problems"] == [] for r in rows)
    assert any(r["draw_offered"] for r in rows)
    assert any(r["unclear"] for r in rows)
    assert any(r["overstepped"] for r in rows)
    assert any(r["repeat"] for r in rows)
    assert any(r["problems"] for r in rows)
    assert any(r["last_move"] is None and r["to_move"] for r in rows)


def test_an_archive_past_64_kib_gives_each_game_s_row_by_either_path() -> None:
    """Several games in a file, of every game, past 64 KiB: read a chunk of games at a time."""
    rng = random.Random(37)
    spoils = list(ROW_SPOILS.values())
    names = game_names()
    games: list[str] = []
    while sum(map(len, games)) <= 1 << 16:
        seed = len(games)
        name = names[seed % len(names)]
        text = _dated(_record(name, seed, rng.choice([10, 40, 80])), seed,
                      rng.choice(['[Date "2026-11-01"]', '[TimeControl "3"]', ""]))
        if seed % 3 == 1:
            text = rng.choice(spoils)(text, rng)
        elif seed % 3 == 2:
            text = _record(name, seed, 30)
        games.append(text.lstrip("\ufeff"))
    rows = _same("\n".join(games))
    assert len(rows) == len(games) * 3


def test_status_reads_the_desk_s_records_by_the_lean_path() -> None:
    """Dated records as the desk writes them (and plain ones) get their rows from the lean path's
    facts, not from a replay."""
    for name in game_names():
        for dated in (True, False):
            text = _record(name, 3, 60)
            text = _dated(text, 3, '[TimeControl "10/40"]') if dated else text
            [check] = iter_checks(text, "f.txt", lean=True, facts=True)
            assert check.facts is not None and check.replayed is None, (name, dated)
    [check] = iter_checks(text + "{a remark}\n", "f.txt", lean=True, facts=True)
    assert check.facts is None and check.replayed is not None


def test_status_prints_the_same_bytes_by_the_lean_path_as_by_the_full_one(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``pbmkit status`` and ``status --json`` on a folder of records of every game, one a file
    and an archive: the same bytes and exit status whether the lean path is on or not."""
    rng = random.Random(9)
    spoils = list(ROW_SPOILS)
    archive = []
    for k, name in enumerate(game_names()):
        for seed in range(6):
            text = _dated(_record(name, seed, rng.choice([8, 40, 300])), seed,
                          '[TimeControl "10/30"]' if seed % 2 else '[Date "2026-11-01"]')
            text = ROW_SPOILS[spoils[(7 * k + seed) % len(spoils)]](text, rng)
            (tmp_path / f"{name}-{seed}.txt").write_text(text, encoding="utf-8")
            archive.append(text.lstrip("\ufeff"))
    (tmp_path / "archive.pgn").write_text("\n".join(archive * 3), encoding="utf-8")
    assert (tmp_path / "archive.pgn").stat().st_size > 1 << 16  # read a chunk at a time
    me = _players(archive[0])[0]

    def run() -> list[tuple[int, str, str]]:
        out = []
        for extra in ((), ("--json",)):
            result = CliRunner().invoke(cli, ["status", str(tmp_path), "--me", me, "--today",
                                              "2027-01-15", *extra])
            out.append((result.exit_code, result.stdout, result.stderr))
        return out

    lean = run()
    monkeypatch.setenv(summary.FULL_REPLAY_VARIABLE, "1")  # honoured by the compiled build too
    assert not summary.lean_check_on()
    assert run() == lean
    assert len(json.loads(lean[1][1])) >= len(game_names()) * 6 * 4  # a spoil may add a game
    assert "ERRORS (pbmkit check)" in lean[0][1]
