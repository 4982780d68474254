"""The desk's endings as a library (pbmkit/desk/actions.py): the same edits as the
``resign``/``draw`` commands, and, for the club's referee, the acting side checked: a player
resigns, accepts, declines or claims on their turn, and offers with their own last move.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.desk.actions import (
    ACTIONS,
    EventRefused,
    accept_draw,
    apply_to_text,
    claim_draw,
    decline_draw,
    forfeit,
    offer_draw,
    resign,
    verify,
)
from pbmkit.records import check_text

TEXT = """[Game "Batalo"]
[Date "2026-09-01"]
[White "Ann"]
[Black "Bob"]
[Winner "*"]

1. IR to HS {[%ccsnt 2026.09.03]} EV to FU {[%ccsnt 2026.09.08]}
"""


@pytest.mark.parametrize(("command", "name"), [(("resign",), "resign"),
                                               (("draw", "offer"), "offer")])
def test_the_library_writes_what_the_command_writes(tmp_path: Path, command: tuple[str, ...],
                                                    name: str) -> None:
    path = tmp_path / "g.txt"
    path.write_text(TEXT, encoding="utf-8")
    result = CliRunner().invoke(cli, [*command, str(path)])
    assert result.exit_code == 0, result.output
    edit, _ = apply_to_text(TEXT, "g.txt", ACTIONS[name])
    assert edit.text == path.read_text(encoding="utf-8")
    assert edit.message in result.output


def test_a_player_resigns_at_any_time() -> None:
    """White is to move: White resigns with the record's 'resigns' (the mover's); Black, out of
    turn, with the Winner tag and [Termination "resignation"] (issue 35, item 5)."""
    edit, after = apply_to_text(TEXT, "g.txt", resign, "black")
    assert after.winner == "white" and after.how == "concession"
    assert '[Winner "White"]' in edit.text and '[Termination "resignation"]' in edit.text
    assert "resigns" not in edit.text.split("\n\n", 1)[1]
    edit, after = apply_to_text(TEXT, "g.txt", resign, "white")
    assert after.winner == "black" and after.how == "concession"
    assert edit.text.endswith("\n2. resigns\n") and '[Winner "Black"]' in edit.text


def test_a_draw_is_offered_by_the_last_mover_and_answered_by_the_player_to_move() -> None:
    with pytest.raises(EventRefused, match="offered with your own move"):
        apply_to_text(TEXT, "g.txt", offer_draw, "white")
    offered, _ = apply_to_text(TEXT, "g.txt", offer_draw, "black")
    assert offered.text.endswith("EV to FU {[%ccsnt 2026.09.08]} {[%ccdraw offer]}\n")
    for action in (accept_draw, decline_draw):
        with pytest.raises(EventRefused, match="not yours"):
            apply_to_text(offered.text, "g.txt", action, "black")
    declined, _ = apply_to_text(offered.text, "g.txt", decline_draw, "white")
    assert declined.text.endswith("{[%ccdraw declined]}\n")
    with pytest.raises(EventRefused, match="no draw is on offer"):
        apply_to_text(declined.text, "g.txt", accept_draw, "white")
    agreed, after = apply_to_text(offered.text, "g.txt", accept_draw, "white")
    assert (after.winner, after.how) == ("draw", "agreement")
    assert "the game is drawn" in agreed.message and "draw agreed" in agreed.text


def test_a_claim_is_the_player_to_moves_and_the_rules_decide() -> None:
    with pytest.raises(EventRefused, match="not yours"):
        apply_to_text(TEXT, "g.txt", claim_draw, "black")
    with pytest.raises(EventRefused, match="no draw can be claimed"):
        apply_to_text(TEXT, "g.txt", claim_draw, "white")


def test_a_finished_game_a_broken_record_and_an_archive_are_refused() -> None:
    over, _ = apply_to_text(TEXT, "g.txt", resign)
    with pytest.raises(EventRefused, match="the game is over \\(Black wins"):
        apply_to_text(over.text, "g.txt", offer_draw, "black")
    with pytest.raises(EventRefused, match="the record has errors"):
        apply_to_text(TEXT + "2. IR to AA\n", "g.txt", resign)
    with pytest.raises(EventRefused, match="holds 2 games"):
        apply_to_text(TEXT + "\n" + TEXT, "g.txt", resign)


def test_with_several_places_the_side_is_a_place_and_the_last_mover_wins() -> None:
    text = ('[Game "Batrakill"]\n[Layout "zones"]\n[Order "Purple Blue Dragon"]\n'
            '[Purple "P1"]\n[Blue "P2"]\n[Dragon "P3"]\n\n1. d2-d3 d8-d7\n')
    [rep] = check_text(text)
    assert rep.valid, rep.errors
    with pytest.raises(EventRefused, match="a resignation is made on one's turn"):
        resign(text, rep, "purple")
    edit, after = apply_to_text(text, "z.txt", resign, "dragon")
    assert after.winner == "blue" and "Blue (P2) wins" in edit.message


def test_a_forfeit_sets_the_winner_and_the_termination_and_keeps_the_moves() -> None:
    [rep] = check_text(TEXT)
    edit = forfeit(TEXT, rep, "black")
    after = verify(edit.text, "g.txt")
    assert (after.winner, after.how) == ("white", "concession")
    assert '[Winner "White"]' in edit.text and '[Termination "time forfeit"]' in edit.text
    assert edit.text.endswith(TEXT.split("\n\n", 1)[1])  # the moves unchanged
    assert edit.message == "Black (Bob) forfeits (time forfeit): White (Ann) wins."
    with pytest.raises(EventRefused, match="not a place of this game"):
        forfeit(TEXT, rep, "purple")


def test_a_forfeit_with_several_places_names_the_winner() -> None:
    text = ('[Game "Batrakill"]\n[Layout "zones"]\n[Order "Purple Blue Dragon"]\n'
            '[Purple "P1"]\n[Blue "P2"]\n[Dragon "P3"]\n\n1. d2-d3 d8-d7\n')
    [rep] = check_text(text)
    with pytest.raises(EventRefused, match="say who wins"):
        forfeit(text, rep, "dragon")
    with pytest.raises(EventRefused, match="must be another place"):
        forfeit(text, rep, "dragon", "dragon")
    after = verify(forfeit(text, rep, "dragon", "purple").text, "z.txt")
    assert after.winner == "purple"
