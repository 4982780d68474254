"""The printed forms of every game speak of that game only (issue 24, fault 2): the Phone Chart, a
blank Records Chart and a blank Mailer show the game's own example move, and no other game's moves
or side names, whether or not the game gives its own wording (``Look.how_to``, ``board_note``).

Read back from the PDFs with pypdf. ``tests/test_plugged_game.py`` runs these tests on a game
written outside pbmkit too, which gives no wording of its own.
"""

from __future__ import annotations

import io
import re
import tempfile
from pathlib import Path

import pypdf
import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games import game_names, get_game

FORMS = {"phonechart": ("phonechart",), "chart": ("chart", "--blank"), "mailer": ("mailer", "--blank")}


def _text(pdf: Path) -> str:
    reader = pypdf.PdfReader(io.BytesIO(pdf.read_bytes()))
    return " ".join(re.sub(r"\s+", " ", page.extract_text()) for page in reader.pages)


def _foreign_words(name: str) -> set[str]:
    """Other games' example moves and side names (those this game does not share, and not the
    name of one of its own spaces: Hex's example ``c3`` is a square of Trio's board too)."""
    game = get_game(name)
    own = {s.capitalize() for s in game.sides}
    words: set[str] = set()
    for other in game_names():
        if other != name:
            theirs = get_game(other)
            words.add(theirs.notation.example)
            words.update(s.capitalize() for s in theirs.sides if s.capitalize() not in own)
    return {w for w in words if w not in game.notation.example and game.board.find(w) is None}


def _form(name: str, form: str, tmp_path: Path) -> str:
    out = tmp_path / f"{name}-{form}.pdf"
    result = CliRunner().invoke(cli, [*FORMS[form], "--rules", name, "-o", str(out)],
                                catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return _text(out)


@pytest.mark.parametrize("name", game_names())
def test_the_forms_show_the_games_own_example_and_no_other_games_words(name: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        text = _form(name, "phonechart", Path(tmp))
        example = get_game(name).notation.example
        assert re.sub(r"\s+", "", example) in re.sub(r"\s+", "", text), (example, text[:500])
        _no_foreign(name, text, "phonechart")
        mailer = _form(name, "mailer", Path(tmp))  # its Move field: "Move (e.g. c3)"
        assert re.sub(r"\s+", "", example) in re.sub(r"\s+", "", mailer), (example, mailer[:500])
        _no_foreign(name, mailer, "mailer")
        _no_foreign(name, _form(name, "chart", Path(tmp)), "chart")


def _no_foreign(name: str, text: str, form: str) -> None:
    found = sorted(w for w in _foreign_words(name) if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text))
    assert not found, f"the {form} of {name} speaks of other games: {found}"
