"""Issue 26: the organiser's letters (pbmkit/events/letters.py, pbmkit/render/letters.py): one
page per player with their games, sides, opponents' addresses, the time control and the
organiser's address; the same letter as an e-mail."""

from __future__ import annotations

import email
import email.policy
import io
from dataclasses import replace
from pathlib import Path

import pdfplumber
import pytest
from test_crosstable_output import round_robin

from pbmkit.events.letters import letter_message, letter_text, letters
from pbmkit.events.model import Event, EventGame, Player
from pbmkit.render.letters import letters_pdf
from tests.support.print_floor import describe, small_text

ORGANISER = Player("Tess Director", "td@club.example", "1 Club Road\nChesstown CT1")


def with_addresses(event: Event) -> Event:
    players = [replace(p, email=f"p{k}@example.org", address=f"{k} Long Street\nSpringfield {k}\nFreedonia")
               for k, p in enumerate(event.players, 1)]
    return replace(event, players=players, organiser=ORGANISER, tags={"TimeControl": "10/50"})


def pages_text(pdf: bytes) -> list[str]:
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [p.extract_text() or "" for p in doc.pages]


@pytest.mark.parametrize(("paper", "count"), [("letter", 13), ("a4", 7)])
def test_every_player_gets_one_page_even_in_a_double_round_robin_of_13(paper: str, count: int) -> None:
    """13 players, both sides of every pairing: 24 games and 12 addresses on one page each."""
    event = with_addresses(round_robin(count, double=True))
    pdf = letters_pdf(letters(event), paper)
    small = small_text(pdf)
    assert small == [], describe(small)
    texts = pages_text(pdf)
    assert len(texts) == count
    first = texts[0]
    assert "Dear Player 01," in first and "10/50" in first
    assert "Tess Director" in first and "Chesstown CT1" in first  # the organiser's address
    assert all(f"p{k}@example.org" in first for k in range(2, count + 1))  # every opponent's e-mail
    assert "p1@example.org" in first  # and the player's own, on the address block
    assert first.count("Player 02 (") == 2  # met twice, one address


def test_a_letter_lists_game_number_round_side_and_opponent() -> None:
    event = with_addresses(round_robin(4))
    page = letters(event)[1]  # Player 02
    assert page.columns == ("Game", "Round", "Your side", "Opponent (side)")
    mine = sorted((g for g in event.games if "Player 02" in g.sides.values()),
                  key=lambda g: (g.round, g.number))
    assert [int(r[0]) for r in page.rows] == [g.number for g in mine]
    row = next(r for r in page.rows if r[0] == "1")  # game 1: Player 01 (White) v Player 02
    assert row[2:] == ("Black", "Player 01 (White)")
    assert any("(moves first)" in r[2] for r in page.rows)
    assert [c.name for c in page.contacts] == [n for n in ("Player 01", "Player 03", "Player 04")
                                               if n in {c.name for c in page.contacts}]
    assert page.contacts[0].lines == ("p1@example.org", "1 Long Street", "Springfield 1", "Freedonia")


def test_a_game_of_more_players_names_every_opponent_and_their_side() -> None:
    sides = {"Purple": "An", "Blue": "Bo", "Yellow": "An", "Dragon": "Cy"}
    event = Event("Zones", "Batrakill", [Player("An", "an@x.org"), Player("Bo"), Player("Cy")],
                  [EventGame(1, 1, sides, "01.txt")], organiser=ORGANISER)
    page = letters(event)[0]
    assert page.columns[-1] == "Opponents (sides)"
    assert page.rows == (("1", "1", "Purple+Yellow (moves first)", "Bo (Blue), Cy (Dragon)"),)


def test_the_email_is_the_letter_from_the_organiser_to_the_player() -> None:
    event = with_addresses(round_robin(5))
    page = letters(event)[2]
    msg = letter_message(page, event.players[2], ORGANISER.email, ORGANISER.name)
    parsed = email.message_from_bytes(msg.as_bytes(), policy=email.policy.default)
    assert parsed["To"] == "Player 03 <p3@example.org>"
    assert parsed["From"] == "Tess Director <td@club.example>"
    assert parsed["Subject"] == "Club championship of 5: your games"
    body = parsed.get_body().get_content()  # type: ignore[union-attr]
    assert body == letter_text(page)
    assert "Player 01 (White)" in body and "p1@example.org" in body and "Chesstown CT1" in body


@pytest.mark.parametrize("where", ["player", "organiser", "event"])
def test_a_name_spelling_an_encoded_word_is_text_in_the_letters_headers(where: str) -> None:
    """A players file or event name with an encoded word that decodes to a line break and a Cc
    header (``=?utf-8?q?=0D=0ACc=3A_x=40example.org?=``): the e-mail carries it as text (its
    opener spaced), adds no header and no recipient; before, the email package raised
    ValueError (a traceback of ``event mail``) or wrote the header."""
    word = "=?utf-8?q?=0D=0ACc=3A_victim=40x.example?="
    event = with_addresses(round_robin(5))
    if where == "event":
        event = replace(event, name=f"Cup {word}")
    player = event.players[2]
    if where == "player":
        player = replace(player, name=f"Ann {word}")
    page = letters(event)[2]
    organiser = f"Tess {word}" if where == "organiser" else ORGANISER.name
    msg = letter_message(page, player, ORGANISER.email, organiser)
    raw = msg.as_bytes()
    parsed = email.message_from_bytes(raw, policy=email.policy.default)
    assert parsed["Cc"] is None and b"\nCc:" not in raw.split(b"\n\n")[0]
    assert [a.addr_spec for a in parsed["To"].addresses] == ["p3@example.org"]
    assert "\n" not in str(parsed["Subject"]) and "\n" not in str(parsed["From"])


def test_the_letter_names_the_organiser_results_go_to() -> None:
    """Issue 34: the letter said "send the result to the organiser" and named none."""
    event = with_addresses(round_robin(4))
    text = letter_text(letters(event)[0])
    assert ("send the result of each finished game to the organiser, Tess Director "
            "(td@club.example).") in text
    postal = replace(event, organiser=Player("Tess Director", "", "1 Club Road\nChesstown CT1"))
    assert "to the organiser, Tess Director (1 Club Road, Chesstown CT1)." in letter_text(
        letters(postal)[0])


def test_without_an_organiser_the_results_go_to_the_opponents() -> None:
    """Issue 34: an event without an organiser told each player to send results "to the
    organiser"; it now says the event names none and the result goes to the opponent, as the
    moves do (opponents in a game of more players)."""
    event = replace(with_addresses(round_robin(4)), organiser=None)
    text = letter_text(letters(event)[0])
    assert "organiser," not in text and "to the organiser" not in text
    assert ("This event names no organiser: when a game ends, send its result to your opponent "
            "as you send a move") in " ".join(text.split())
    sides = {"Purple": "An", "Blue": "Bo", "Dragon": "Cy"}
    zones = Event("Zones", "Batrakill", [Player("An"), Player("Bo"), Player("Cy")],
                  [EventGame(1, 1, sides, "01.txt")])
    assert "send its result to your opponents as" in " ".join(
        letter_text(letters(zones)[0]).split())


def test_an_event_without_an_event_tag_is_named_after_its_game_and_players(
        tmp_path: Path) -> None:
    """Issue 34: the event's name defaulted to its folder's ("rr: your games"); it is now the
    game, the kind of event and the number of players, in the records' Event tag, event.toml and
    each letter's title."""
    from click.testing import CliRunner

    from pbmkit.cli import cli
    from pbmkit.events.folder import load_event

    examples = Path(__file__).resolve().parents[2] / "examples" / "events"
    for folder, args, title in (
            ("rr", ["--rules", "billo", "--players", str(examples / "billo-7.csv")],
             "Billo round robin (7 players)"),
            ("dd", ["--rules", "billo", "--players", str(examples / "billo-7.csv"), "--double"],
             "Billo double round robin (7 players)"),
            ("zz", ["--rules", "batrakill", "--tag", "Layout=zones", "--players",
                    str(examples / "batrakill-4.toml")], "Batrakill tables (4 players)")):
        got = CliRunner().invoke(cli, ["event", "new", str(tmp_path / folder), *args])
        assert got.exit_code == 0, got.output
        event = load_event(tmp_path / folder)
        assert event.name == title
        first = sorted((tmp_path / folder).glob("*.txt"))[0].read_text(encoding="utf-8")
        assert f'[Event "{title}"]' in first
        page = letters(event)[0]
        assert page.title == f"{title}: your games"
        assert f"games in {title}" in letter_text(page)
