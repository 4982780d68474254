"""`make demo`: a small club run by the referee (docs/referee.md), from the example mailbox.

Makes the club out/club (its outgoing mail written to out/club/sent/ instead of SMTP), delivers
the messages of examples/club/ into its Maildir, and plays the players' part: each answers what
the referee sent them (the signup code, then the first moves of examples/01-short-base-win.txt,
each a reply to the referee's last message of the game, whose address carries the player's key;
the challenge and its acceptance go to the addresses of the welcome and of the invitation, which
carry the player's own key and their key of the challenge).
Usage: python scripts/club_demo.py PBMKIT
"""

from __future__ import annotations

import email
import email.policy
import re
import shutil
import subprocess
import sys
from email.message import EmailMessage
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLUB = ROOT / "out" / "club"
PLAYERS = {"ann": "Ann Lee <ann@example.org>", "bob": "Bob Kay <bob@example.net>"}
MOVES = [("ann", "1. JR to IS"), ("bob", "1... DX to FV"), ("ann", "2. IS to HS"),
         ("bob", "2... DW to FU"), ("ann", "3. HS to GT")]
_count = 0


def pbmkit(*args: str) -> None:
    print("$ pbmkit " + " ".join(args), flush=True)
    subprocess.run([sys.argv[1], *args], check=True)


def deliver(data: bytes) -> None:
    global _count
    _count += 1
    (CLUB / "maildir" / "new" / f"{1_800_000_000 + _count}.demo{_count}.eml").write_bytes(data)


def sent() -> list[EmailMessage]:
    out = []
    for path in sorted((CLUB / "sent").glob("*.eml")):
        msg = email.message_from_bytes(path.read_bytes(), _class=EmailMessage,
                                       policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        out.append(msg)
    return out


def reply(who: str, original: EmailMessage, body: str) -> None:
    msg = EmailMessage()
    msg["From"] = PLAYERS[who]
    msg["To"] = str(original["From"])
    msg["Subject"] = f"Re: {original['Subject']}"
    msg["Message-ID"] = f"<demo-{who}-{_count}@example.org>"
    msg["In-Reply-To"] = str(original["Message-ID"])
    msg.set_content(body + "\n")
    print(f"  {who} answers {str(original['Subject'])[:50]!r}: {body}")
    deliver(msg.as_bytes(policy=email.policy.SMTP))


def keyed(data: bytes, original: EmailMessage) -> bytes:
    """A message of the example mailbox, written to the address ``original`` came from (the
    referee's address with the player's key: a challenge or an acceptance must carry it)."""
    msg = email.message_from_bytes(data, _class=EmailMessage, policy=email.policy.default)
    assert isinstance(msg, EmailMessage)
    msg.replace_header("To", str(original["From"]))
    print(f"  {str(msg['From']).split()[0].lower()} writes {str(msg['Subject'])!r} to "
          f"{original['From'].addresses[0].addr_spec}")
    return msg.as_bytes(policy=email.policy.SMTP)


def last_to(who: str, pattern: str) -> EmailMessage:
    address = PLAYERS[who].split("<")[1].rstrip(">")
    return [m for m in sent() if address in str(m["To"]) and re.search(pattern, str(m["Subject"]))][-1]


def main() -> None:
    shutil.rmtree(CLUB, ignore_errors=True)
    pbmkit("referee", "init", str(CLUB), "--address", "referee@club.example.org", "--name",
           "Demo Club")
    toml = (CLUB / "club.toml").read_text(encoding="utf-8")
    toml = toml[: toml.index("[smtp]")] + '[outbox]\n# the demo keeps its mail: no SMTP\nfolder = "sent"\n'
    (CLUB / "club.toml").write_text(toml, encoding="utf-8")
    mailbox = sorted((ROOT / "examples" / "club").glob("*.eml"))
    print(f"The example mailbox: {', '.join(p.name for p in mailbox)}")
    for path in mailbox[:2]:  # the two signups
        deliver(path.read_bytes())
    pbmkit("referee", "run", str(CLUB), "-v")
    for who in PLAYERS:  # each confirms by answering the code the referee sent
        reply(who, last_to(who, "confirm your signup"), "Yes, it was me.")
    pbmkit("referee", "run", str(CLUB))
    # the challenge: Ann writes to the address of the referee's welcome (it carries her key)
    deliver(keyed(mailbox[2].read_bytes(), last_to("ann", "welcome")))
    pbmkit("referee", "run", str(CLUB), "-v")
    # its acceptance, to the address of the invitation (it carries Bob's key of the challenge),
    # and an auto-reply (no answer to it)
    deliver(keyed(mailbox[3].read_bytes(), last_to("bob", "Invitation")))
    for path in mailbox[4:]:
        deliver(path.read_bytes())
    pbmkit("referee", "run", str(CLUB), "-v")
    for who, move in MOVES:
        reply(who, last_to(who, r"^Batalo #1"), f"Move: {move}")
        pbmkit("referee", "run", str(CLUB))
    print(f"The referee's mail is in {CLUB / 'sent'} ({len(sent())} messages); the last to bob:")
    print("  " + "\n  ".join(last_to("bob", "Batalo #1").get_body(("plain",))  # type: ignore[union-attr]
                             .get_content().splitlines()[:6]))
    pbmkit("show", str(CLUB / "games" / "1-batalo.txt"))
    pbmkit("referee", "status", str(CLUB))  # what the organiser sees


if __name__ == "__main__":
    main()
