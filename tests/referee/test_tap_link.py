"""The referee's move mail links the player to move to the game's page on the club's site, the
key in the link's fragment; the page's Send by e-mail goes to the keyed address, and the
referee plays the move it carries (issue 39 §2). In Chromium (tests/support/browser.py)."""

from __future__ import annotations

import re
import time
import urllib.parse
from pathlib import Path

import pytest

from pbmkit.records import check_text
from pbmkit.referee.organiser import make_site
from tests.support.browser import Browser
from tests.support.club_helpers import World, batalo_game, message, text_of, world

SITE = "https://club.example.org/pbm"


def with_site(w: World) -> None:
    toml = w.root / "club.toml"
    toml.write_text(toml.read_text() + f'\n[site]\nurl = "{SITE}/"\n')


def test_the_move_mail_links_to_the_page_and_the_page_mails_the_referee(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Browser) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        with_site(w)
        ann, bob = batalo_game(w)
        key = ann.key(1)
        mine = text_of(ann.last(r"Batalo #1")).replace("\r\n", "\n")
        assert f"Make your move: {SITE}/games/game-1.html#key={key}\n" in mine
        assert "Make your move" not in text_of(bob.last(r"Batalo #1"))  # not Bob's move
        out = tmp_path / "site"
        make_site(w.root, out)
        page = out / "games" / "game-1.html"
        html = page.read_text(encoding="utf-8")
        assert key not in html and key.split(".")[1] not in html  # the page holds no key
        browser.open(page.resolve().as_uri() + f"#key={key}", width=360, height=740, mobile=True)
        for _ in range(100):
            if browser.script("return document.documentElement.getAttribute('data-ready')"):
                break
            time.sleep(0.05)
        assert "#" not in str(browser.script("return location.href"))  # out of the address bar
        (rep,) = check_text((w.root / "games").glob("*.txt").__next__().read_text())
        game = rep.game
        assert game is not None
        move = sorted(game.legal_moves(rep.final), key=lambda m: game.notation.format(m, rep.final))[0]
        start, end = game.touched(move)[0][0], game.touched(move)[0][-1]
        for space in (start, end):
            browser.script("document.querySelector('#board g.hits [data-square=\"' + arguments[0]"
                           " + '\"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                           game.board.name(space))
        href = str(browser.script("return document.querySelector('a[href^=\"mailto:\"]').href"))
        address, _, query = href[len("mailto:"):].partition("?")
        assert urllib.parse.unquote(address) == f"referee+{key}@club.example.org"
        dom = str(browser.script("return document.documentElement.outerHTML"))
        assert dom.count(key) == 1 and f'href="mailto:referee+{key}@' in dom  # the mailto alone
        assert browser.requests() == [] and browser.errors() == []
        fields = urllib.parse.parse_qs(query)
        w.deliver(message(ann.address, fields["subject"][0], fields["body"][0],
                          to=urllib.parse.unquote(address)))
        w.run()
        (after,) = check_text(next((w.root / "games").glob("*.txt")).read_text())
        assert len(after.main) == len(rep.main) + 1
        assert after.main[-1].text == game.notation.format(move, rep.final)
        assert re.search(r"Game 1: 1\. White", text_of(bob.last(r"Batalo #1")))


def test_without_a_key_the_page_sends_nothing_and_says_how(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Browser) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        batalo_game(w)
        out = tmp_path / "site"
        make_site(w.root, out)
        browser.open(out / "games" / "game-1.html", width=1366, height=768)
        for _ in range(100):
            if browser.script("return document.documentElement.getAttribute('data-ready')"):
                break
            time.sleep(0.05)
        (rep,) = check_text(next((w.root / "games").glob("*.txt")).read_text())
        game = rep.game
        assert game is not None
        move = game.legal_moves(rep.final)[0]
        for space in game.touched(move)[0][:1] + game.touched(move)[0][-1:]:
            browser.script("document.querySelector('#board g.hits [data-square=\"' + arguments[0]"
                           " + '\"]').dispatchEvent(new MouseEvent('click', {bubbles: true}))",
                           game.board.name(space))
        assert browser.script("return document.querySelector('a[href^=\"mailto:\"]')") is None
        assert browser.script("return document.getElementById('tap-nokey').hidden") is False


def test_without_a_site_the_mail_says_how_to_move_by_reply(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with world(tmp_path, monkeypatch, pictures=False) as w:
        ann, _ = batalo_game(w)
        mine = text_of(ann.last(r"Batalo #1"))
        assert "Make your move" not in mine and "Reply to this message with your move" in mine
