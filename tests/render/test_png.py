"""PNG boards (``pbmkit show FILE --png OUT.png``, issue 25 §1): every game and layout, drawn from
the same drawing as the SVG board, small enough to mail."""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result
from PIL import Image

from pbmkit.cli import cli
from pbmkit.records import check_text
from pbmkit.render.png import board_png, png_size
from pbmkit.render.shapes import Circle, Placed, Text
from pbmkit.render.svg import board_picture

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"
RECORDS = sorted(p.name for p in EXAMPLES.glob("*.txt"))


def _run(*args: str) -> Result:
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def _end(name: str) -> tuple[Any, Any, Any, list[str]]:
    rep = check_text((EXAMPLES / name).read_text(encoding="utf-8"), name)[0]
    game = rep.game
    assert game is not None
    last = rep.main[-1] if rep.main else None
    players = [rep.record.tags.get(t, "") for t in game.side_tags]
    return game, rep.final, last.move if last else None, players


@pytest.mark.parametrize("name", RECORDS)
def test_show_png_draws_every_games_board(name: str, tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    archive = ["--game", "2"] if "archive" in name else []
    result = _run("show", str(EXAMPLES / name), "--png", str(out), *archive)
    assert result.exit_code == 0, result.output
    assert f"Wrote {out}" in result.output
    data = out.read_bytes()
    width, height = png_size(data)
    assert width == 600 and 300 < height < 900
    image = _image(data)
    colours = image.getcolors(maxcolors=1 << 16)
    assert colours is not None
    dark = sum(n for n, (r, g, b) in colours if r + g + b < 150)
    light = sum(n for n, (r, g, b) in colours if r + g + b > 700)
    shaded = sum(n for n, (r, g, b) in colours if 400 < r + g + b <= 700 and max(r, g, b) -
                 min(r, g, b) < 8)  # the grey of spaces a position marks (burned squares)
    # a board, not a blank or black picture: lines and pieces on white (or on grey squares)
    assert 0.015 * width * height < dark < 0.5 * width * height  # captions: 14 px (issue 39)
    assert light + shaded > 0.4 * width * height


@pytest.mark.parametrize("flip", [False, True])
@pytest.mark.parametrize("name", ["01-short-base-win.txt", "03-unfinished-with-series.txt"])
def test_the_png_shows_the_pieces_of_the_drawing_where_it_draws_them(name: str, flip: bool) -> None:
    game, position, move, players = _end(name)
    drawing, _ = board_picture(game, position, last_move=move, players=players, flip=flip)
    image = _image(board_png(game, position, last_move=move, players=players, width_px=800,
                             flip=flip))
    x0, _, _, y1 = drawing.bbox
    scale = image.width / drawing.width
    checked = 0
    for shape in drawing.over:
        if not isinstance(shape, Placed) or not shape.shapes:
            continue
        body = shape.shapes[0]
        if (not isinstance(body, Circle) or body.fill is None or body.radius * scale < 8
                or any(isinstance(s, Text) for s in shape.shapes)):  # a letter: no room to look
            continue
        # a point inside the piece's body, clear of its letter or centre mark
        px = (shape.at[0] + body.centre[0] - 0.8 * body.radius - x0) * scale
        py = (y1 - shape.at[1] - body.centre[1]) * scale
        r, g, b = image.getpixel((round(px), round(py)))  # type: ignore[misc]
        level = (r + g + b) / 3
        expected = 255 * sum(body.fill) / 3
        assert abs(level - expected) < 60, (name, shape.key, shape.at, level, expected)
        checked += 1
    assert checked >= 10  # Batalo's discs and rings


def test_turn_flip_and_size(tmp_path: Path) -> None:
    record = str(EXAMPLES / "01-short-base-win.txt")
    paths = {k: tmp_path / f"{k}.png" for k in ("end", "turn", "flip", "big")}
    assert _run("show", record, "--png", str(paths["end"])).exit_code == 0
    assert _run("show", record, "--turn", "2", "--png", str(paths["turn"])).exit_code == 0
    assert _run("show", record, "--flip", "--png", str(paths["flip"])).exit_code == 0
    assert _run("show", record, "--png", str(paths["big"]), "--size", "1200").exit_code == 0
    end, turn, flip = (_image(paths[k].read_bytes()) for k in ("end", "turn", "flip"))
    assert end.size == turn.size == flip.size
    assert end.tobytes() != turn.tobytes()
    assert end.tobytes() != flip.tobytes()
    big = paths["big"].read_bytes()
    assert png_size(big)[0] == 1200 and abs(png_size(big)[1] - 2 * end.height) <= 1


def test_a_batalo_board_at_600_pixels_is_small_enough_to_mail() -> None:
    game, position, move, players = _end("03-unfinished-with-series.txt")
    assert len(board_png(game, position, last_move=move, players=players)) < 60_000
    assert len(board_png(game, position, last_move=move, players=players, width_px=1200)) < 120_000


@pytest.mark.parametrize(("args", "words"), [
    (["--size", "300"], "--size is the width of the PNG"),
    (["--png", "{out}", "--size", "20"], "'--size'"),
    (["--png", "{out}", "--size", "abc"], "'--size'"),
])
def test_bad_png_options_are_one_clear_error(args: list[str], words: str, tmp_path: Path) -> None:
    out = str(tmp_path / "x.png")
    result = _run("show", str(EXAMPLES / "01-short-base-win.txt"), *(a.format(out=out) for a in args))
    assert result.exit_code == 2
    assert words in result.output
    assert "Traceback" not in result.output
    assert not (tmp_path / "x.png").exists()


@pytest.mark.parametrize("name", RECORDS)
def test_the_position_in_words_names_every_occupied_space(name: str) -> None:
    """The picture's alt text (issue 25 §2): pieces by space, then what stands beside the board."""
    from pbmkit.render.art import art_for
    from pbmkit.render.png import position_words

    game, position, _, _ = _end(name)
    words = position_words(game, position)
    art = art_for(game)
    listed = re.findall(r"(?:^|\. )([^:.]+): ([^.]*)", words)
    spaces = [s for _, found in listed for s in found.split(", ")]
    for space in art.symbols(position):
        assert spaces.count(game.board.names[space]) == 1, (name, game.board.names[space], words)
    if art.beside is not None:
        for label, _ in art.beside(position):
            assert f"{label}: " in words


FIVE_FACTIONS = """[Game "Batrakill"]
[Layout "zones"]
[Order "Purple Blue Green Yellow Dragon"]
[Purple "Ann, S"]
[Blue "Bob, N"]
[Green "Gil, W"]
[Yellow "Cid, E"]
[Dragon "Dee"]

1. c2-c3 e9-f9 b7-c7 h4-g4 D@f4
2. g2-h2 f9-g9 c7-c6 h7-g7 D f4xh4
3. h2-i2 c8-c7 b6-b5 i5-i4 D h4xh2
"""


def test_batrakill_zones_with_five_players(tmp_path: Path) -> None:
    record, out = tmp_path / "five.txt", tmp_path / "five.png"
    record.write_text(FIVE_FACTIONS, encoding="utf-8")
    result = _run("show", str(record), "--png", str(out), "--flip")
    assert result.exit_code == 0, result.output
    image = _image(out.read_bytes())
    assert image.width == 600
    assert sum(n for n, c in image.getcolors(1 << 16) or [] if sum(c) < 150) > 0.02 * 600 * image.height
