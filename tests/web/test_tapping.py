"""Moving by tapping on a game's page (issue 39 §2), in Chromium (tests/support/browser.py).

For every game (one game still going of each, tests/support/tap_games.py), on a phone and a
laptop: a tap on each piece of the side to move marks exactly the places the rules let it go (the
ends of its legal moves, as ``pbmkit moves --from`` lists them); a move made by taps shows the
text ``pbmkit move`` appends; its Send by e-mail link is the mail ``mail compose`` writes, which
``mail read`` applies. The page's data are escaped and bounded.
"""

from __future__ import annotations

import time
import urllib.parse
from email.message import EmailMessage
from email.policy import SMTP
from pathlib import Path

import pytest
from click.testing import CliRunner

from pbmkit.cli import cli
from pbmkit.games.base import end_of, start_of
from pbmkit.mail.compose import compose_message
from pbmkit.mail.tapped import page_offer
from pbmkit.records import check_text
from pbmkit.web.tapping import MAX_OFFERED, TooMany, offered_moves
from pbmkit.web.viewer import game_page
from tests.support.browser import Browser
from tests.support.tap_games import GAMES, in_progress

SIZES = [(360, 740), (390, 844), (1366, 768), (1920, 1080)]
"""The phones' and the laptops' windows of issue 39's Done when."""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def page_of(tmp_path: Path, key: str, seed: int = 1) -> tuple[Path, Path]:
    record = tmp_path / f"{key}.txt"
    record.write_text(in_progress(key, seed), encoding="utf-8")
    page = tmp_path / f"{key}.html"
    code, out = run("html", str(record), "-o", str(page))
    assert code == 0, out
    return record, page


def opened(browser: Browser, page: Path, width: int, height: int, dark: bool = False) -> None:
    browser.open(page, width=width, height=height, dark=dark, mobile=width < 500)
    for _ in range(100):
        if browser.script("return document.documentElement.getAttribute('data-ready')"):
            return
        time.sleep(0.05)
    raise AssertionError("the page did not start")


def tap(browser: Browser, name: str) -> None:
    browser.script("document.querySelector('#board g.hits [data-square=\"' + arguments[0] + '\"]')"
                   ".dispatchEvent(new MouseEvent('click', {bubbles: true}))", name)


def targets(browser: Browser) -> list[str]:
    got = browser.script("return Array.from(document.querySelectorAll('#board .target'))"
                         ".map(function (e) { return e.getAttribute('data-square'); })")
    assert isinstance(got, list)
    return sorted(str(x) for x in got)


def choices(browser: Browser) -> list[str]:
    got = browser.script("return Array.from(document.querySelectorAll('#tap-choices button'))"
                         ".map(function (e) { return e.getAttribute('data-move'); })")
    assert isinstance(got, list)
    return [str(x) for x in got]


def made(browser: Browser) -> str:
    return str(browser.script("var e = document.querySelector('[data-move-text]');"
                              "return e.closest('[hidden]') ? '' : e.textContent;"))


def make_by_taps(browser: Browser, names: list[str], text: str) -> None:
    """Tap ``names`` in turn, then choose ``text`` if the page asks."""
    for name in names:
        assert not made(browser), (names, text)
        tap(browser, name)
    if not made(browser):
        assert text in choices(browser)
        browser.script("document.querySelector('#tap-choices button[data-move=\"' + arguments[0]"
                       " + '\"]').click()", text)
    assert made(browser) == text


@pytest.mark.parametrize("dark", [False, True], ids=["light", "dark"])
@pytest.mark.parametrize("width, height", SIZES)
@pytest.mark.parametrize("key", list(GAMES))
def test_a_tap_on_each_piece_marks_exactly_its_legal_destinations(
        browser: Browser, tmp_path: Path, key: str, width: int, height: int, dark: bool) -> None:
    record, page = page_of(tmp_path, key)
    (rep,) = check_text(record.read_text(encoding="utf-8"))
    game = rep.game
    assert game is not None
    position = rep.final
    legal = list(game.legal_moves(position))
    starts = sorted({s for m in legal if (s := start_of(game, m)) is not None})
    opened(browser, page, width, height, dark)
    assert targets(browser) == []
    board = game.board
    for start in starts:
        tap(browser, board.name(start))
        want = sorted({board.name(e) for m in legal if start_of(game, m) == start
                       and (e := end_of(game, m)) is not None})
        assert targets(browser) == want, board.name(start)
        code, out = run("moves", str(record), "--from", board.name(start), "--json")
        assert code == 0 and out
        tap(browser, board.name(start))  # the same piece again: nothing picked
        assert targets(browser) == []
    assert browser.errors() == []


@pytest.mark.parametrize("key", list(GAMES))
def test_a_tapped_move_is_what_pbmkit_move_appends_and_its_mail_is_what_compose_writes(
        browser: Browser, tmp_path: Path, key: str) -> None:
    record, page = page_of(tmp_path, key)
    text = record.read_text(encoding="utf-8")
    (rep,) = check_text(text)
    game = rep.game
    assert game is not None
    offered = offered_moves(game, rep.final)
    # the move of the most taps, and two more of the list (a drop, a chain, a two-part turn)
    picks = sorted({max(range(len(offered)), key=lambda k: len(offered[k][1].taps)),
                    len(offered) // 3, 2 * len(offered) // 3})
    width, height = SIZES[len(picks) % 2]
    for k in picks:
        _, move = offered[k]
        opened(browser, page, width, height)
        make_by_taps(browser, [game.board.name(s) for s in move.taps], move.text)
        # pbmkit move appends exactly that text (its announcements are its own to add)
        copy = tmp_path / f"{key}-{k}.txt"
        copy.write_text(text, encoding="utf-8")
        typed = " ".join(w for w in move.text.split() if w not in game.announcement_words)
        code, out = run("move", str(copy), typed)
        assert code == 0, out
        new = copy.read_text(encoding="utf-8")
        p = next(i for i, (a, b) in enumerate(zip(text, new, strict=False)) if a != b) \
            if not new.startswith(text) else len(text)
        added = new[p:len(new) - (len(text) - p)]
        assert added.rstrip().endswith(" " + move.text) or added.strip() == move.text or \
            added.split(". ", 1)[-1].strip() == move.text, added
        # the mail link: to the other sides, with compose's subject and text
        href = str(browser.script("return document.querySelector('a[href^=\"mailto:\"]').href"))
        to, subject, body = mailto(href)
        (after,) = check_text(new)
        message = compose_message(after, html=False)
        assert to == [a.addr_spec for a in message["To"].addresses]
        assert subject == str(message["Subject"])
        plain = message.get_body(("plain",))
        assert plain is not None and body == plain.get_content().replace("\r\n", "\n")
    assert browser.errors() == []


def mailto(href: str) -> tuple[list[str], str, str]:
    assert href.startswith("mailto:")
    address, _, query = href[len("mailto:"):].partition("?")
    fields = urllib.parse.parse_qs(query, keep_blank_values=True)
    to = [urllib.parse.unquote(a) for a in address.split(",") if a]
    return to, fields["subject"][0], fields["body"][0].replace("\r\n", "\n")


@pytest.mark.parametrize("key", ["batalo", "baladana", "hex", "billo"])
def test_the_mailed_tapped_move_is_applied_by_mail_read(
        browser: Browser, tmp_path: Path, key: str) -> None:
    """End to end: the opponent's mail read applies the move the link's message carries."""
    record, page = page_of(tmp_path, key)
    text = record.read_text(encoding="utf-8")
    (rep,) = check_text(text)
    game = rep.game
    assert game is not None
    offered = offered_moves(game, rep.final)
    _, move = offered[-1]
    opened(browser, page, 360, 740)
    if move.taps:
        make_by_taps(browser, [game.board.name(s) for s in move.taps], move.text)
    else:  # Hex's swap: a button
        make_by_taps(browser, [], move.text)
    href = str(browser.script("return document.querySelector('a[href^=\"mailto:\"]').href"))
    to, subject, body = mailto(href)
    mover = game.side_to_move(rep.final)
    msg = EmailMessage(policy=SMTP)
    msg["From"] = f"{mover}@example.org"
    msg["To"] = ", ".join(to)
    msg["Subject"] = subject
    msg["Message-ID"] = "<tapped.1@example.org>"
    msg["Date"] = "Sat, 28 Nov 2026 10:00:00 +0000"
    msg.set_content(body)
    eml = tmp_path / "reply.eml"
    eml.write_bytes(msg.as_bytes())
    games = tmp_path / "games"
    games.mkdir()
    (games / "game.txt").write_text(text, encoding="utf-8")
    code, out = run("mail", "read", "--games", str(games), str(eml))
    assert code == 0, out
    (after,) = check_text((games / "game.txt").read_text(encoding="utf-8"))
    assert len(after.main) == len(rep.main) + 1
    last = after.main[-1]
    assert " ".join((last.text, *last.announced)) == move.text


def test_hex_swap_is_a_button_and_the_mirror_cell_a_drop(browser: Browser, tmp_path: Path) -> None:
    record, page = page_of(tmp_path, "hex", seed=3)  # Red's c2: its mirror b3 is empty
    (rep,) = check_text(record.read_text(encoding="utf-8"))
    game = rep.game
    assert game is not None
    swap = next(m for m in game.legal_moves(rep.final) if game.notation.format(m, rep.final) == "swap")
    mirror = game.board.name(game.touched(swap)[0][0])
    opened(browser, page, 360, 740)
    assert choices(browser) == ["swap"]
    tap(browser, mirror)
    assert made(browser) == mirror  # a stone laid there, not the swap
    browser.script("document.getElementById('tap-again').click()")
    browser.script("document.querySelector('#tap-choices button[data-move=\"swap\"]').click()")
    assert made(browser) == "swap"


def test_taps_only_on_the_last_position(browser: Browser, tmp_path: Path) -> None:
    _, page = page_of(tmp_path, "batalo")
    opened(browser, page, 1366, 768)
    browser.script("document.getElementById('prev').click()")
    tap(browser, "IR")
    assert targets(browser) == [] and made(browser) == ""
    assert "Last" in str(browser.script("return document.getElementById('tap-say').textContent"))


HOSTILE_NAME = '</script><script>alert(1)</script>"\'<b>&amp;'


def test_a_hostile_name_or_tag_stays_text_in_the_page_and_the_mail(
        browser: Browser, tmp_path: Path) -> None:
    text = in_progress("batalo").replace('"White Player"', '"' + HOSTILE_NAME.replace('"', '\\"')
                                         + '"')
    text = text.replace('[Number "7"]', '[Number "7"]\n[Event "</script><img src=x onerror=alert(2)>"]')
    record = tmp_path / "hostile.txt"
    record.write_text(text, encoding="utf-8")
    (rep,) = check_text(text)
    assert rep.valid and rep.record.tags["White"] == HOSTILE_NAME
    page = tmp_path / "hostile.html"
    assert run("html", str(record), "-o", str(page))[0] == 0
    html = page.read_text(encoding="utf-8")
    assert "<script>alert" not in html and "<img src=x" not in html
    assert html.count("<script") == 4
    game = rep.game
    assert game is not None
    _, move = offered_moves(game, rep.final)[0]
    opened(browser, page, 360, 740)
    make_by_taps(browser, [game.board.name(s) for s in move.taps], move.text)
    assert browser.alert() is None and browser.errors() == [] and browser.requests() == []
    _, _, body = mailto(str(browser.script(
        "return document.querySelector('a[href^=\"mailto:\"]').href")))
    assert HOSTILE_NAME in body  # the name as written, in the mail's words only


def test_the_data_are_bounded(tmp_path: Path) -> None:
    """A position with more legal moves than a page offers gets none, quickly: a Billo block of
    314,656 capture paths is asked for MAX_OFFERED + 1 of them; the page says how to move."""
    block = ('[Game "Billo"]\n[Yellow "A"]\n[Orange "B"]\n'
             '[Setup "YR:f6+ YS:c3,d3,f3,c4,d4,c5,e5,c6 OS:e3,e4,f4,d5,f5,d6,e6 y"]\n\n')
    (rep,) = check_text(block)
    assert rep.game is not None
    started = time.process_time()
    offer = page_offer(block, rep)
    assert time.process_time() - started < 10
    assert offer is not None and offer.moves == () and offer.too_many == MAX_OFFERED + 1
    page = game_page(rep, offer=offer)
    assert len(page.encode()) < 200_000
    assert f"more than {MAX_OFFERED:,} legal moves" in page
    (batalo,) = check_text(in_progress("batalo"))
    assert batalo.game is not None
    with pytest.raises(TooMany):
        offered_moves(batalo.game, batalo.final, limit=10)
    assert len(offered_moves(batalo.game, batalo.final)) == len(batalo.game.legal_moves(batalo.final))
