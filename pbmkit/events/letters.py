"""The organiser's letter to each player of an event: their games, sides, opponents and the
addresses to write to (docs/events.md, "Letters and the event's mail").

:func:`letters` makes one :class:`~pbmkit.render.letters.LetterPage` per player (printed by
``pbmkit event letters``); :func:`letter_text` is the same letter as plain text, the body of the
e-mail ``pbmkit event mail`` sends (:func:`letter_message`).
"""

from __future__ import annotations

from email.message import EmailMessage
from email.utils import formataddr, formatdate, make_msgid

from pbmkit.events.model import Event, EventGame, Player
from pbmkit.events.table import players_of, side_of
from pbmkit.render.letters import Contact, LetterPage

__all__ = ["letter_message", "letter_text", "letters", "results_paragraph"]

COLUMNS = ("Game", "Round", "Your side", "Opponent (side)")
MANY_COLUMNS = ("Game", "Round", "Your side", "Opponents (sides)")
"""The games table's headings for games of more than two players."""


def _contact(player: Player) -> Contact:
    lines = [player.email] if player.email else []
    lines += [line.strip() for line in player.address.splitlines() if line.strip()]
    return Contact(player.name, tuple(lines))


def time_control(event: Event) -> str:
    """The event's time control as its ``TimeControl`` tag gives it, or ``""``."""
    return event.tags.get("TimeControl", "").strip()


def _games_of(event: Event, name: str) -> list[EventGame]:
    return sorted((g for g in event.games if name in g.sides.values()), key=lambda g: (g.round, g.number))


def _first(game: EventGame, name: str) -> bool:
    """Whether ``name`` holds the side that moves first (the first of the game's sides)."""
    first = next(iter(game.sides.values()), None)
    return first == name


def results_paragraph(organiser: Player | None, *, several: bool = False) -> str:
    """Where the results go: to the organiser, named with their e-mail address (or postal
    address) when the event has one; else, the event naming none, to the opponents, as the moves
    go, so that every player's record shows it (docs/events.md, "Letters and the event's mail");
    ``several``: games of more than two players (opponents)."""
    head = "Write the game's number on every move you send"
    if organiser is not None and (organiser.name or organiser.email):
        reach = organiser.email or ", ".join(
            line.strip() for line in organiser.address.splitlines() if line.strip())
        who = organiser.name or organiser.email
        where = f" ({reach})" if reach and reach != who else ""
        return f"{head}; send the result of each finished game to the organiser, {who}{where}."
    return (f"{head}. This event names no organiser: when a game ends, send its result to your "
            f"{'opponents' if several else 'opponent'} as you send a move (the last move, a "
            "resignation, a draw agreed), so that every player's record of the game shows it.")


def letters(event: Event) -> list[LetterPage]:
    """One letter per player of the event, in seeding order."""
    by_name = {p.name: p for p in event.players}
    tc = time_control(event)
    pages = []
    for player in event.players:
        games = _games_of(event, player.name)
        rows = []
        met: dict[str, None] = {}
        for game in games:
            others = [o for o in players_of(game) if o != player.name]
            met.update(dict.fromkeys(others))
            side = side_of(game, player.name) + (" (moves first)" if _first(game, player.name) else "")
            rows.append((str(game.number), str(game.round), side,
                         ", ".join(f"{o} ({side_of(game, o)})" for o in others)))
        first = sorted(g.number for g in games if _first(g, player.name))
        many = any(len(players_of(g)) > 2 for g in games)
        # "of Billo" unless the event's name says it ("Billo round robin (7 players)")
        of_game = "" if event.rules.casefold() in event.name.casefold() else f" of {event.rules}"
        double = ", a double round robin" if event.double and "double" not in event.name else ""
        paragraphs = [
            f"Here are your {len(games)} game{'s' if len(games) != 1 else ''}{of_game} in "
            f"{event.name}{double}"
            + (f"; the time control is {tc}" if tc else "") + ".",
        ]
        if first:
            numbers = ", ".join(str(n) for n in first)
            paragraphs.append(f"You move first in game{'s' if len(first) > 1 else ''} {numbers}: "
                              "send your first move to your opponent now.")
        paragraphs.append(results_paragraph(event.organiser, several=many))
        if player.withdrawn:
            paragraphs.insert(0, "You have withdrawn from this event; this letter lists the games "
                                 "you were paired in.")
        organiser = event.organiser
        closing = (f"Good games! {organiser.name}",) if organiser is not None else ("Good games!",)
        pages.append(LetterPage(
            title=f"{event.name}: your games",
            recipient=_contact(player),
            sender=_contact(organiser) if organiser is not None else None,
            greeting=f"Dear {player.name},",
            paragraphs=tuple(paragraphs),
            columns=MANY_COLUMNS if many else COLUMNS,
            rows=tuple(rows),
            contacts_heading="Your opponents' addresses",
            contacts=tuple(_contact(by_name.get(name, Player(name))) for name in met),
            closing=closing))
    return pages


def letter_text(page: LetterPage) -> str:
    """A letter as the plain text of an e-mail: the paragraphs, the games, the addresses."""
    out = [page.greeting, ""]
    for text in page.paragraphs:
        out += [text, ""]
    widths = [max(len(h), *(len(r[k]) for r in page.rows)) if page.rows else len(h)
              for k, h in enumerate(page.columns)]
    out.append("  ".join(h.ljust(w) for h, w in zip(page.columns, widths, strict=True)).rstrip())
    for row in page.rows:
        out.append("  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)).rstrip())
    out += ["", f"{page.contacts_heading}:", ""]
    for person in page.contacts:
        out += [person.name, *(f"  {line}" for line in person.lines), ""]
    out += list(page.closing)
    if page.sender is not None:
        out += ["", "--", page.sender.name, *page.sender.lines]
    return "\n".join(out).rstrip() + "\n"


def letter_message(page: LetterPage, player: Player, sender: str, sender_name: str = "") -> EmailMessage:
    """The letter as an e-mail from ``sender`` to the player (who must have an e-mail address)."""
    from pbmkit.mail.compose import header_text

    msg = EmailMessage()
    # names and the title as header text: no line break, no encoded word (header_text)
    name = header_text(sender_name, 80)
    msg["From"] = formataddr((name, sender)) if name else sender
    msg["To"] = formataddr((header_text(player.name, 80), player.email))
    msg["Subject"] = header_text(page.title, 200)
    msg["Date"] = formatdate(localtime=False)
    domain = sender.rpartition("@")[2] or None
    msg["Message-ID"] = make_msgid("pbmkit-event", domain=domain)
    msg.set_content(letter_text(page))
    return msg
