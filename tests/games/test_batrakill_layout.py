"""Batrakill layouts as data (issue 13): the shipped provisional ``duel`` and ``zones`` files, a
user's own layout file read the same way, and clear errors for bad layouts."""

from __future__ import annotations

from pathlib import Path

import pytest

from pbmkit.games.base import SetupError
from pbmkit.games.batrakill import initial_position, load_layout, make_config, parse_layout
from pbmkit.games.batrakill.setup import diagram


def names(layout_squares: frozenset[int] | tuple[int, ...], board: object) -> set[str]:
    return {board.name(s) for s in layout_squares}  # type: ignore[attr-defined]


def test_the_duel_layout_is_the_spec_s_provisional_one() -> None:
    duel = load_layout("duel")
    b = duel.board
    assert duel.provisional and duel.version == "duel" and (duel.files, duel.ranks) == (9, 9)
    assert {b.name(s) for s, _ in duel.knights} == {f"{f}1" for f in "abcdefghi"} | {"b2", "d2", "f2", "h2"}
    assert all(facing == "N" for _, facing in duel.knights)
    assert names(duel.x_squares, b) == {"a9", "c9", "e9", "g9", "i9"}
    assert names(duel.camp, b) == {f"{f}{r}" for f in "abcdefghi" for r in (1, 2)}
    assert duel.towers == 5


def test_the_zones_layout_has_four_zones_facing_the_centre() -> None:
    zones = load_layout("zones")
    b = zones.board
    got = {z.letter: (z.faction, z.facing, b.name(z.tower), names(z.knights, b)) for z in zones.zones}
    assert got == {
        "S": ("purple", "N", "e2", {"c2", "d2", "f2", "g2", "e1"}),
        "N": ("blue", "S", "e8", {"c8", "d8", "f8", "g8", "e9"}),
        "W": ("green", "E", "b5", {"b3", "b4", "b6", "b7", "a5"}),
        "E": ("yellow", "W", "h5", {"h3", "h4", "h6", "h7", "i5"}),
    }
    assert zones.provisional


def test_the_start_of_the_duel_as_a_diagram() -> None:
    start = initial_position(make_config({}))
    assert diagram(start).split("\n")[-2:] == [
        "  .   ^   .   ^   .   ^   .   ^   .",
        "  ^   ^   ^   ^   ^   ^   ^   ^   ^",
    ]


USER = """
name = "small"
version = "duel"
files = 5
ranks = 6
towers = 2
x_squares = ["a6", "e6"]
camp = ["a1", "b1", "c1", "d1", "e1"]
[[knights]]
facing = "N"
squares = ["a1", "c1", "e1"]
"""


def test_a_user_s_own_layout_file_works_like_a_shipped_one(tmp_path: Path) -> None:
    path = tmp_path / "small.toml"
    path.write_text(USER)
    cfg = make_config({"Layout": str(path)})
    start = initial_position(cfg)
    assert cfg.layout.name == "small" and cfg.layout.board.size == 30
    assert len(start.knights) == 3 and start.supply == 2


@pytest.mark.parametrize(("text", "message"), [
    ("name = 'x'\nversion = 'duel'\nfiles = 9\n", "'ranks' is missing"),
    ("name = 'x'\nversion = 'chess'\nfiles = 9\nranks = 9\n", "version must be 'duel' or 'zones'"),
    ("name = 'x'\nversion = 'duel'\nfiles = 99\nranks = 9\n", "files and ranks must be 3 to 20"),
    ("name = 'x'\nversion = 'duel'\nfiles = '9'\nranks = 9\n", "'files' must be int"),
    (USER.replace('"a6", "e6"', '"a7"'), "a7 is off the board"),
    (USER.replace('"a6", "e6"', '"zz"'), "'zz' is not a square"),
    (USER.replace('facing = "N"', 'facing = "up"'), "facing must be N, E, S or W"),
    (USER.replace('["a1", "c1", "e1"]', '["a1", "a1"]'), "names a square twice"),
    (USER.replace('camp = ["a1", "b1", "c1", "d1", "e1"]', 'camp = ["a6"]'), "no knight starts in the camp"),
    ("name = [", "not valid TOML"),
    ("x" * 70_000, "longer than"),
])
def test_a_bad_layout_is_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(SetupError, match=message) as err:
        parse_layout(text, "mine.toml")
    assert err.value.tag == "Layout" and "layout mine.toml" in str(err.value)


def test_a_zones_layout_needs_distinct_squares_and_factions() -> None:
    text = """
name = "z"
version = "zones"
files = 9
ranks = 9
[zones.S]
faction = "blue"
facing = "N"
tower = "e2"
knights = ["c2"]
[zones.N]
faction = "blue"
facing = "S"
tower = "e8"
knights = ["c8"]
"""
    with pytest.raises(SetupError, match="each once"):
        parse_layout(text)
    with pytest.raises(SetupError, match="e2 is both"):
        parse_layout(text.replace('faction = "blue"\nfacing = "S"', 'faction = "green"\nfacing = "S"')
                     .replace('tower = "e8"', 'tower = "e2"'))


def test_unknown_and_unreadable_layouts_are_named(tmp_path: Path) -> None:
    with pytest.raises(SetupError, match="unknown layout 'hexes'"):
        load_layout("hexes")
    with pytest.raises(SetupError, match="unknown layout"):
        load_layout("../../etc/passwd")  # not a name, not a .toml file
    with pytest.raises(SetupError, match="cannot be read"):
        load_layout(str(tmp_path / "missing.toml"))
    with pytest.raises(SetupError, match="unknown layout 'nope'") as err:
        make_config({"Layout": "nope"})
    assert err.value.tag == "Layout"


def test_the_shipped_layouts_copy_is_the_toml_files_as_tomllib_reads_them() -> None:
    """``shipped.LAYOUTS`` (read instead of the files, to spare start-up the TOML parser) is each
    shipped file's table, and the module is exactly what ``shipped.source()`` writes."""
    import tomllib

    from pbmkit.games.batrakill import shipped

    templates = Path(shipped.__file__).resolve().parents[2] / "templates"
    files = {p.stem.removeprefix("batrakill-"): tomllib.loads(p.read_text(encoding="utf-8"))
             for p in templates.glob("batrakill-*.toml")}
    assert files == shipped.LAYOUTS
    assert shipped.source() == Path(shipped.__file__).read_text(encoding="utf-8")
    for name in files:
        assert load_layout(name) is load_layout(name.upper())
        assert parse_layout((templates / f"batrakill-{name}.toml").read_text(encoding="utf-8")).name == name
