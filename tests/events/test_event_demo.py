"""The two events of ``make demo`` (scripts/demo.sh, docs/events.md "The demo"): made by ``event new``
from the example players files and played by the actions of ``examples/events/*-play.tsv``, every
game ends, with results from the records and two from the organiser."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.events import load_event

EXAMPLES = Path(__file__).parent.parent.parent / "examples" / "events"
DEMO = Path(__file__).parent.parent.parent / "scripts" / "demo.sh"


def run(*args: str | Path) -> str:
    got = CliRunner().invoke(cli, [str(a) for a in args])
    assert got.exit_code == 0, (args, got.output)
    return got.output


def play(folder: Path, script: Path) -> None:
    """What scripts/demo.sh's play_event does, in process."""
    for line in script.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        game, action, *arg = line.split("\t")
        [record] = folder.glob(f"{int(game):02d}-*.txt")
        if action == "move":
            run("move", record, arg[0], "--sent", "2027-01-20")
        elif action == "resign":
            run("resign", record)
        elif action in ("draw offer", "draw accept"):
            run("draw", action.split()[1], record)
        else:
            assert action == "result"
            run("event", "result", folder, game, *arg[0].split())


def totals(folder: Path) -> dict[str, float]:
    points: dict[str, float] = defaultdict(float)
    for g in load_event(folder).games:
        assert g.outcome is not None, f"game {g.number} is not finished"
        for name, p in g.outcome.points.items():
            points[name] += p
    return dict(points)


def test_the_billo_event_of_the_demo_ends_with_every_game_scored(tmp_path: Path) -> None:
    folder = tmp_path / "billo-7"
    run("event", "new", folder, "--rules", "billo", "--players", EXAMPLES / "billo-7.csv",
        "--tag", "Date=2027-01-10", "--tag", "TimeControl=10/30")
    play(folder, EXAMPLES / "billo-7-play.tsv")
    assert totals(folder) == {"Ann Lee": 5.0, "Bob Roy": 4.5, "Eve Marsh": 4.5, "Carla Diaz": 3.0,
                              "Dmitri Orlov": 2.0, "Femi Ade": 1.5, "Gus Holm": 0.5}
    kinds = sorted(g.outcome.kind for g in load_event(folder).games if g.outcome is not None)
    assert kinds == ["adjudicated", *["played"] * 19, "time"]  # game 9's forfeit after moves


def test_the_batrakill_zones_event_of_the_demo_is_played_to_the_end(tmp_path: Path) -> None:
    folder = tmp_path / "batrakill-4"
    run("event", "new", folder, "--rules", "batrakill", "--tag", "Layout=zones",
        "--players", EXAMPLES / "batrakill-4.toml")
    play(folder, EXAMPLES / "batrakill-4-play.tsv")
    games = load_event(folder).games
    assert [g.outcome.winner_side for g in games if g.outcome is not None] == \
        ["Green", "Dragon", "Blue", "Purple"]
    assert totals(folder) == {"Ann": 1.0, "Bob": 0.0, "Cid": 1.0, "Dee": 2.0}


@pytest.mark.parametrize("script", ["billo-7-play.tsv", "batrakill-4-play.tsv"])
def test_the_demo_plays_the_example_events(script: str) -> None:
    text = DEMO.read_text(encoding="utf-8")
    assert f"examples/events/{script}" in text and "play_event()" in text
