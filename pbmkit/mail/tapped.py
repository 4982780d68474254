"""The mail of a move made by tapping on a game's page (issue 39 §2; docs/viewer.md, "Move by
tapping").

:func:`page_offer` gives a page (:func:`pbmkit.web.viewer.game_page`) the legal moves of the
record's last position (:mod:`pbmkit.web.tapping`) and, for each, the subject and text that
``mail compose`` writes once that move is appended by ``pbmkit move``: the page's Send by e-mail
link carries them. They are written by compose's own functions (:func:`move_subject`,
:func:`mail_facts`, :func:`body_text`) for one real move of each kind (its words' length and what
follows it: whose turn, or the end), the record played on as ``pbmkit move`` plays it; the other
moves of that kind differ only in their words and their board, which the page puts in (a few
templates and a board's changed lines a move, not a mail a move).
"""

from __future__ import annotations

import dataclasses
import datetime
from typing import Any

from pbmkit.desk.actions import replay_end
from pbmkit.desk.dates import annotation_text, has_desk_marks
from pbmkit.desk.moving import AppendRefused, MoveRefused, play_move
from pbmkit.mail.compose import Attachment, addresses, body_text, mail_facts, move_subject
from pbmkit.mail.files import MailError
from pbmkit.records.replay import GameReplay
from pbmkit.render.png import position_words
from pbmkit.render.terminal import board_text
from pbmkit.web.tapping import BOARD_SLOT, PLACEHOLDER, MailParts, Offer, TooMany, offered_moves

__all__ = ["page_attachment", "page_offer"]


def page_offer(text: str, rep: GameReplay, *, today: datetime.date | None = None,
               club: tuple[str, str, int] | None = None) -> Offer | None:
    """What the page of ``rep`` (the one game of the record ``text``) offers to tap: None for a
    game that is over or a record with errors. ``club``: the referee's address (local part,
    domain) and the game's number, for a club game (the mail goes to the player's keyed
    address); else the mail goes to the other sides' ``<Side>Email`` tags."""
    game = rep.game
    if game is None or not rep.valid or replay_end(rep) is not None:
        return None
    position = rep.final
    if game.outcome(position) is not None:
        return None
    side = game.side_to_move(position)
    order = rep.order or game.order
    label = f"{rep.next_label()}{'.' if side == order[0] else '...'}"
    names = tuple(game.board.name(s) for s in range(game.board.size))
    example = game.notation.example
    try:
        offered = offered_moves(game, position)
    except TooMany as exc:
        return Offer(side, label, names, too_many=exc.at_least, example=example)
    today = today or datetime.date.today()
    to = ""
    if club is None:
        try:
            found = addresses(rep)
        except MailError:
            found = {}
        to = ", ".join(a.addr_spec for s, a in found.items() if s != side)
    note = annotation_text(sent=today) if has_desk_marks(rep.record) else ""
    kinds: dict[tuple[Any, ...], int] = {}
    templates: list[tuple[str, str]] = []
    template: list[int] = []
    boards: list[list[str]] = []
    for move, offered_move in offered:
        after = game.apply(position, move)
        outcome = game.outcome(after)
        kind = (len(offered_move.text), outcome,
                game.side_to_move(after) if outcome is None else None)
        if kind not in kinds:
            made = _template(text, rep, offered_move.text, note, today)
            if made is None:
                return Offer(side, label, names, tuple(m for _, m in offered), example=example)
            kinds[kind] = len(templates)
            templates.append(made)
        template.append(kinds[kind])
        boards.append([*board_text(game, after, last_move=move).split("\n"), "",
                       position_words(game, after)])
    base = boards[0] if boards else []
    packed: list[tuple[tuple[int, str], ...] | tuple[str, ...]] = []
    for lines in boards:
        if len(lines) != len(base):
            packed.append(tuple(lines))
        else:
            packed.append(tuple((k, line) for k, line in enumerate(lines) if line != base[k]))
    mail = MailParts(to=to, club=club, templates=tuple(templates), template=tuple(template),
                     board=tuple(base), boards=tuple(packed))
    return Offer(side, label, names, tuple(m for _, m in offered), mail=mail, example=example)


def _template(text: str, rep: GameReplay, words: str, note: str, today: datetime.date
              ) -> tuple[str, str] | None:
    """The (subject, body) of the mail of the move written ``words`` once ``pbmkit move`` has
    appended it, with :data:`PLACEHOLDER` for the words and :data:`BOARD_SLOT` for the board.
    None if the move cannot be played on the text."""
    game = rep.game
    assert game is not None
    typed = " ".join(w for w in words.split() if w.lower() not in game.announcement_words)
    try:
        played = play_move(text, rep.source, rep, typed, note=lambda: note)
    except (MoveRefused, AppendRefused):
        return None
    new = played.replay
    ply = new.main[-1]
    facts = mail_facts(new, ply, today=today)
    shown = " ".join((played.written, *(a.word for a in played.said)))
    mark = PLACEHOLDER * len(shown)
    last = facts.rows[-1]
    facts = dataclasses.replace(
        facts, move=facts.move.replace(shown, mark),
        rows=(*facts.rows[:-1], (last[0], last[1].replace(shown, mark), *last[2:])),
        board_caption=facts.board_caption.replace(shown, mark), board_text=BOARD_SLOT,
        board_words="")  # the slot holds the board and the position in words under it
    body = body_text(new, ply, today=today, facts=facts)
    subject = move_subject(new, ply).replace(shown, mark)
    return subject, body


def page_attachment(text: str, rep: GameReplay, *, today: datetime.date | None = None
                    ) -> Attachment | None:
    """The game's page (``pbmkit html``'s) for the mail of its last move, offering the
    opponent's moves to tap, as an HTML file to attach; None for a game of more than two players
    (each would need their own), one that is over, or one whose page offers nothing. Why an
    attachment: docs/mail.md, "The game's page with the mail"."""
    from pbmkit.web.viewer import game_page

    game = rep.game
    if game is None or len(game.sides) != 2:
        return None
    offer = page_offer(text, rep, today=today)
    if offer is None:
        return None
    number = "".join(ch for ch in rep.record.tags.get("Number", "") if ch.isalnum())[:20]
    name = f"{game.name}-{number}" if number else game.name
    data = game_page(rep, offer=offer).encode("utf-8")
    return Attachment(f"{name}-your-move.html", data, "text", "html")
