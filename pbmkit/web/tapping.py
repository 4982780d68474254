"""Moving by tapping on a game's page (issue 39 §2): the legal moves pbmkit offers the page.

A page of a game still going carries every legal move of its last position, worked out here when
the page is made: its text exactly as ``pbmkit move`` appends it (the notation's canonical text
and the words the move calls for, Batalo's ``averto``), and the spaces a player taps to make it.
The page's script knows no rule: it matches the spaces tapped against these sequences, so it can
never offer an illegal move, and offers every legal one.

A move's taps (:func:`tap_sequence`) are the space its piece starts on and the space it ends on
(:func:`~pbmkit.games.base.start_of`, :func:`~pbmkit.games.base.end_of`: a tap on a piece marks
the places ``pbmkit moves --from`` lists), then the other spaces it touches in order (a chain's
squares between, Baladãna's ring move and the squares its loot is put on), which tell apart moves
with one start and end. A drop is one tap on the space it fills. A move whose text names none of
the spaces it touches (Hex's ``swap``) or that touches none is a button.

The data are bounded: a position with more than :data:`MAX_OFFERED` legal moves is offered no
tapping (the page says so and how to move by reply); a notation that streams its moves (Billo,
hundreds of thousands in a contrived position) is asked for one more than that, never for all.
The mail a tapped move makes (:class:`MailParts`) comes from the mail layer, which writes it as
``mail compose`` would; this module only carries it.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import islice
from typing import Any

from pbmkit.games.base import AnyGame, PbmkitError, end_of, start_of
from pbmkit.games.notation import StreamsMoves
from pbmkit.web.page import escape_html

__all__ = ["BOARD_SLOT", "MAX_OFFERED", "PLACEHOLDER", "MailParts", "Offer", "OfferedMove",
           "TooMany", "offered_moves", "tap_html", "tap_sequence"]

MAX_OFFERED = 6000
"""The most legal moves a page offers to tap (Baladãna's busiest turns hold about 4,000); a
position with more is offered none (:class:`TooMany`)."""

PLACEHOLDER = "\ue000"
"""Stands for a move's words in a mail template, once per character of the words (the move
list's columns are padded to them): a private-use character no record holds after reading."""
BOARD_SLOT = "\ue001"
"""Stands for the board's text in a mail template (one line)."""


@dataclass(frozen=True, slots=True)
class OfferedMove:
    """One legal move as the page offers it."""

    text: str
    """As ``pbmkit move`` appends it: the canonical text, then the words the move calls for."""
    taps: tuple[int, ...]
    """The spaces tapped to make it (:func:`tap_sequence`); empty for a button."""


class TooMany(PbmkitError):
    """The position has more legal moves than a page offers (:data:`MAX_OFFERED`)."""

    def __init__(self, at_least: int) -> None:
        super().__init__(f"more than {at_least - 1:,} legal moves")
        self.at_least = at_least


@dataclass(frozen=True, slots=True)
class MailParts:
    """What the page's Send by e-mail link is made of, for each offered move.

    ``templates``: (subject, body) pairs written by ``mail compose``'s own functions with
    :data:`PLACEHOLDER` (as many as the move's words have characters) for the words and
    :data:`BOARD_SLOT` for the board; move ``k`` takes template ``template[k]``. The board after
    move ``k`` is :attr:`board` with the lines of ``boards[k]`` put in (line number, text), or
    ``boards[k]`` whole where its lines are not as many.
    """

    to: str
    """The addresses, comma-separated (none: the player fills it in)."""
    club: tuple[str, str, int] | None
    """A club game: the referee's address (local part, domain) and the game's number; the page
    writes ``local+KEY@domain`` with the key its address's fragment gives (``#key=g12....``)."""
    templates: tuple[tuple[str, str], ...]
    template: tuple[int, ...]
    board: tuple[str, ...]
    boards: tuple[tuple[tuple[int, str], ...] | tuple[str, ...], ...]


@dataclass(frozen=True, slots=True)
class Offer:
    """The moves a page offers the side to move, and the mail each makes."""

    side: str
    label: str
    """The move's number as the record and the mail write it (``12.``, ``12...``)."""
    names: tuple[str, ...]
    """The board's space names, by number (a tapped cell's ``data-square``)."""
    moves: tuple[OfferedMove, ...] = ()
    mail: MailParts | None = None
    too_many: int = 0
    """Set (the count reached) instead of :attr:`moves` when the position has too many."""
    example: str = ""
    """How a move is written, for the words of a page that offers no tapping."""


    def data(self) -> dict[str, Any]:
        """What the page's script reads (packed in the page: JSON, deflated, base64)."""
        out: dict[str, Any] = {"side": self.side, "label": self.label, "names": self.names,
                               "moves": [[m.text, list(m.taps)] for m in self.moves],
                               "tooMany": self.too_many, "mail": None}
        mail = self.mail
        if mail is not None:
            out["mail"] = {"to": mail.to, "club": list(mail.club) if mail.club else None,
                           "templates": [list(t) for t in mail.templates],
                           "template": list(mail.template), "board": list(mail.board),
                           "boards": [[list(x) if isinstance(x, tuple) else x for x in b]
                                      for b in mail.boards],
                           "ph": PLACEHOLDER, "slot": BOARD_SLOT}
        return out

    def mail_of(self, k: int, key: str | None = None) -> tuple[str, str, str] | None:
        """(to, subject, body) of the mail of move ``k``, as the page's script writes them
        (``key``: a club player's key); None when the page offers no mail for it."""
        mail = self.mail
        if mail is None or (mail.club is not None and key is None):
            return None
        words = self.moves[k].text
        run = PLACEHOLDER * len(words)
        subject, body = mail.templates[mail.template[k]]
        lines = list(mail.board)
        patch = mail.boards[k]
        if patch and isinstance(patch[0], str):
            lines = [str(x) for x in patch]
        else:
            for item in patch:
                assert isinstance(item, tuple)
                lines[item[0]] = item[1]
        to = mail.to if mail.club is None else f"{mail.club[0]}+{key}@{mail.club[1]}"
        return (to, subject.replace(run, words),
                body.replace(run, words).replace(BOARD_SLOT, "\n".join(lines)))


def tap_html(offer: Offer) -> str:
    """The page's tapping panel, under the board: what to tap, the choices, and the move made
    with Copy and Send by e-mail (``static/tap.js`` fills it in)."""
    side = escape_html(offer.side.capitalize())
    if offer.too_many:
        words = (f"{side} to move. This position has more than {offer.too_many - 1:,} legal "
                 "moves, more than a page offers to tap: write your move in a reply, on a line "
                 f"like \u201cMove: {offer.label} {offer.example}\u201d.")
    else:
        words = f"{side} to move: tap a piece, then a marked place (or a button below)."
    club = offer.mail is not None and offer.mail.club is not None
    nokey = ('<p id="tap-nokey" class="tap-note" hidden>To send it by e-mail, open this page '
             "from the link in your move mail (it carries your key), or copy the move into a "
             "reply to that mail.</p>") if club else ""
    return (f'<div id="tap" class="tap" hidden><p id="tap-say" class="tap-say" aria-live="polite" '
            f'data-words="{escape_html(words)}">{escape_html(words)}</p>'
            '<div id="tap-choices" class="tap-choices"></div>'
            '<div id="tap-made" class="tap-made" hidden><p class="made">Your move: '
            f'<span class="label">{escape_html(offer.label)}</span> '
            '<strong id="move-text" data-move-text></strong></p>'
            '<p class="tap-actions"><button type="button" id="tap-copy">Copy</button>'
            '<a id="tap-mail" class="send" hidden>Send by e-mail</a>'
            '<button type="button" id="tap-again">Undo</button></p>'
            f"{nokey}</div></div>")



def tap_sequence(game: AnyGame, move: Any, text: str) -> tuple[int, ...]:
    """The spaces tapped to make ``move`` (written ``text``): where its piece starts (none for a
    drop) and ends, then every other space it touches, in order; empty (a button) when it touches
    no space or its text names none of them (Hex's ``swap``)."""
    paths = game.touched(move)
    spaces = [s for path in paths for s in path]
    if not spaces:
        return ()
    board = game.board
    words = text.lower()
    if not any(board.name(s).lower() in words for s in spaces):
        return ()
    start, end = start_of(game, move), end_of(game, move)
    taps = [s for s in (start, end) if s is not None]
    # the path start_of and end_of read (the last of more than one space, else the last)
    main = next((p for p in reversed(paths) if len(p) > 1), paths[-1])
    for path in paths:
        inner = path[1:-1] if path is main else path
        taps.extend(inner)
    return tuple(taps)


def offered_moves(game: AnyGame, position: Any, limit: int = MAX_OFFERED
                  ) -> list[tuple[Any, OfferedMove]]:
    """Every legal move of ``position`` with its text and taps, sorted by text; :class:`TooMany`
    when there are more than ``limit`` (a streaming notation is asked for ``limit + 1`` only)."""
    notation = game.notation
    if isinstance(notation, StreamsMoves):
        texts = list(islice(notation.sorted_listing(position), limit + 1))
        if len(texts) > limit:
            raise TooMany(limit + 1)
        moves = [notation.read(t, position) for t in texts]
    else:
        moves = list(game.legal_moves(position))
        if len(moves) > limit:
            raise TooMany(len(moves))
    out = []
    for move in moves:
        said = game.announce(game.apply(position, move))
        text = " ".join((notation.format(move, position), *(a.word for a in said)))
        out.append((move, OfferedMove(text, tap_sequence(game, move, text))))
    out.sort(key=lambda pair: pair[1].text)
    return out
