"""The desk's endings as edits of a record's text: resign, draw offer, accept, decline, claim.

Below the command line, so that ``pbmkit resign``/``pbmkit draw`` (a player keeping their own
record) and the club's referee (``resign N``, ``draw offer N`` by mail) apply one set of rules
(docs/desk.md, "Events"; docs/referee.md). Each action takes the record's text, its replay and the
side that acts, and returns the new text and a sentence saying what happened, or raises
:class:`EventRefused` with the reason; it writes nothing. :func:`apply_to_text` runs the whole
check: the record holds one valid game that is not over, the action applies, and the new text
replays as one valid game.

``side`` is the place in the turn order that acts (a player of two factions holds one place:
``"blue+green"``); ``None`` acts as the one player keeping the record does: the player to move
resigns, accepts, declines or claims, the player who moved last offers.
"""


from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

from pbmkit.desk.endings import replay_end as replay_end
from pbmkit.games.base import IllegalMoveError, side_verb
from pbmkit.records.errors import RecordError

if TYPE_CHECKING:
    from pbmkit.records.replay import GameReplay

__all__ = ["ACTIONS", "EventEdit", "EventRefused", "accept_draw", "apply_to_text", "check_editable",
           "claim_draw", "decline_draw", "forfeit", "offer_draw", "replay_end", "resign", "verify"]


class EventRefused(RecordError):
    """An event the record or the rules refuse; the message says why, in players' words."""


class EventEdit(NamedTuple):
    """The record's new text and the sentence that says what happened."""

    text: str
    message: str


Action = Callable[[str, "GameReplay", "str | None"], EventEdit]
"""An event: (the record's text, its replay, the acting side or None) -> the edit."""


def player(rep: "GameReplay", side: str) -> str:
    """``White (Ann)``: a side with its player's name from the record's tags."""
    name = rep.record.tags.get(side.capitalize())
    return f"{side.capitalize()} ({name})" if name and name != "?" else side.capitalize()


def places(rep: "GameReplay") -> tuple[str, ...]:
    """The places of the turn order (a player of two factions holds one place)."""
    assert rep.game is not None
    return tuple(rep.order or rep.game.order)


def to_move(rep: "GameReplay") -> str:
    """The place to move next."""
    return rep.next_turn()[1]


def _winner_value(side: str) -> str:
    return side.capitalize()


def _your_turn(rep: "GameReplay", side: str | None, what: str) -> str:
    """The place to move, which must be ``side`` when one is given."""
    me = to_move(rep)
    if side is not None and side != me:
        raise EventRefused(f"it is {player(rep, me)}'s turn, not yours: {what} on your turn")
    return me


def _set_winner(text: str, rep: "GameReplay", value: str) -> str:
    from pbmkit.records import parse_records
    from pbmkit.records.edit import set_tag

    (record,), _ = parse_records(text, rep.source)
    return set_tag(text, record, "Winner", value)


def _resignation_winner(rep: "GameReplay", side: str) -> str:
    """Who wins when ``side`` (to move) resigns (docs/desk.md): with two places the other one;
    with more, the place that moved last, whose move the resigning player does not answer."""
    others = [s for s in places(rep) if s != side]
    if len(others) == 1:
        return others[0]
    if not rep.main:
        raise EventRefused("no one has moved yet: with several players a resignation goes to the "
                           "player who moved last; the record was not changed")
    return str(rep.main[-1].side)


def ending_text(rep: "GameReplay", text: str, word: str) -> str:
    """``text`` with the ending ``word`` after the last main-line move, or as ``N. word`` on a new
    line when the side to move would open a turn."""
    from pbmkit.records.edit import append_after_last_move, last_move

    label, side = rep.next_turn()
    assert rep.game is not None
    first = (rep.order or rep.game.sides)[0]
    if last_move(rep.record) is None:
        nl = "\r\n" if "\r\n" in text else "\n"
        sep = "" if not text or text.endswith("\n") else nl
        dots = "" if side == first else "... "
        return f"{text}{sep}{nl if text.strip() else ''}{label}. {dots}{word}{nl}"
    if side == first:
        return append_after_last_move(text, rep.record, f"{label}. {word}", new_line=True)
    return append_after_last_move(text, rep.record, word)


# --- the actions --------------------------------------------------------------------------------


def resign(text: str, rep: "GameReplay", side: str | None = None) -> EventEdit:
    """``side`` (default: the player to move) resigns, at any time.

    On their turn ``resigns`` is written after the last move and the ``Winner`` tag set (in a
    record the side to move gives up: docs/record-format.md, Endings); with several places the
    player who moved last wins (docs/desk.md). Out of turn, in a game of two places, the
    ``Winner`` tag names the other and ``[Termination "resignation"]`` says how (a Winner tag
    without an ending reads as the other side's concession); with several places a player
    resigns on their turn (who would win is the turn's: the player who moved last).
    """
    me = side if side is not None else to_move(rep)
    if me != to_move(rep):
        return _resign_out_of_turn(text, rep, me)
    winner = _resignation_winner(rep, me)
    new = _set_winner(ending_text(rep, text, "resigns"), rep, _winner_value(winner))
    assert rep.game is not None
    wins = side_verb(rep.game, winner, "wins", "win")
    return EventEdit(new, f"{player(rep, me)} resigns: {player(rep, winner)} {wins}.")


def _resign_out_of_turn(text: str, rep: "GameReplay", me: str) -> EventEdit:
    from pbmkit.records import parse_records
    from pbmkit.records.edit import set_tag

    order = places(rep)
    if me not in order:
        raise EventRefused(f"{me!r} is not a place of this game (its places: {', '.join(order)})")
    if len(order) != 2:
        raise EventRefused(f"with {len(order)} players a resignation is made on one's turn (the "
                           "player who moved last wins it); the record was not changed")
    winner = next(s for s in order if s != me)
    new = _set_winner(text, rep, _winner_value(winner))
    (record,), _ = parse_records(new, rep.source)
    new = set_tag(new, record, "Termination", "resignation")
    assert rep.game is not None
    wins = side_verb(rep.game, winner, "wins", "win")
    return EventEdit(new, f"{player(rep, me)} resigns: {player(rep, winner)} {wins}.")


def offer_draw(text: str, rep: "GameReplay", side: str | None = None) -> EventEdit:
    """Offer a draw with the last move of the record (its player offers)."""
    from pbmkit.desk.dates import annotation_text, read_notes
    from pbmkit.records.edit import append_after_last_move, last_move

    found = last_move(rep.record)
    if found is None or not rep.main:
        raise EventRefused("there is no move yet: a draw is offered with a move "
                           "(pbmkit move FILE MOVE --offer-draw)")
    mover = rep.main[-1].side
    if side is not None and side != mover:
        raise EventRefused(f"a draw is offered with your own move, and {player(rep, mover)} moved "
                           "last: offer it after your move, before the next player moves")
    if read_notes(found[1].comments).draw == "offer":
        raise EventRefused("the last move already offers a draw")
    new = append_after_last_move(text, rep.record, "{" + annotation_text(draw="offer") + "}")
    return EventEdit(new, f"{player(rep, mover)} offers a draw with {found[0].label}. "
                          f"{found[1].text}; {player(rep, to_move(rep))} may accept or decline it.")


def _pending_offer(rep: "GameReplay") -> tuple[int, int]:
    """(the offering move's index in the main line, the acceptances so far) of the open draw
    offer the player to move answers; refused when there is none, or they accepted it already."""
    from pbmkit.desk.dates import pending_draw, read_notes

    notes = [read_notes(t_moves.comments) for turn in rep.record.main for t_moves in turn.moves]
    found = pending_draw(notes, len(places(rep)))
    if found is None:
        raise EventRefused("no draw is on offer: the opponent's last move does not offer one "
                           "(a declined offer stays declined)")
    if notes and notes[-1].accepted:
        raise EventRefused("you have accepted this draw already; play your move, and the next "
                           "players answer the offer on their turns")
    return found


def accept_draw(text: str, rep: "GameReplay", side: str | None = None) -> EventEdit:
    """Accept the draw on offer: ``draw agreed``, ``Winner "Draw"``; with more than two places an
    acceptance before the last is noted (``[%ccdraw accepted]``) and the player then moves."""
    from pbmkit.desk.dates import annotation_text
    from pbmkit.records.edit import append_after_last_move

    me = _your_turn(rep, side, "a draw offer is answered")
    at, count = _pending_offer(rep)
    order = places(rep)
    if count + 1 < len(order) - 1:
        offerer = rep.main[at].side
        k = order.index(me) if me in order else 0
        waiting = [order[(k + j) % len(order)] for j in range(1, len(order))]
        waiting = [p for p in waiting if p != offerer][: len(order) - 2 - count]
        new = append_after_last_move(text, rep.record, "{" + annotation_text(draw="accepted") + "}")
        names = ", ".join(player(rep, p) for p in waiting)
        return EventEdit(new, f"{player(rep, me)} accepts the draw {player(rep, offerer)} "
                              f"offered; waiting for {names}, each on their turn. "
                              "Now play your move.")
    new = _set_winner(append_after_last_move(text, rep.record, "draw agreed"), rep, "Draw")
    return EventEdit(new, f"{player(rep, me)} accepts the draw: the game is drawn.")


def decline_draw(text: str, rep: "GameReplay", side: str | None = None) -> EventEdit:
    """Decline the draw on offer: the offer is marked declined, play goes on."""
    from pbmkit.desk.dates import annotation_text
    from pbmkit.records.edit import append_after_last_move

    me = _your_turn(rep, side, "a draw offer is answered")
    _pending_offer(rep)
    new = append_after_last_move(text, rep.record, "{" + annotation_text(draw="declined") + "}")
    return EventEdit(new, f"{player(rep, me)} declines the draw; play goes on.")


def claim_draw(text: str, rep: "GameReplay", side: str | None = None) -> EventEdit:
    """Claim a draw where the game's rules allow one (Billo's rulings 13 and 14)."""
    me = _your_turn(rep, side, "a draw is claimed")
    assert rep.game is not None
    try:
        rep.game.claim_draw(rep.final)
    except IllegalMoveError as exc:
        raise EventRefused(f"no draw can be claimed: {exc}; the record was not changed") from None
    new = _set_winner(ending_text(rep, text, "draw claimed"), rep, "Draw")
    return EventEdit(new, f"{player(rep, me)} claims a draw: the game is drawn.")


def forfeit(text: str, rep: "GameReplay", side: str, winner: str | None = None, *,
            termination: str = "time forfeit") -> EventEdit:
    """The organiser's ruling: ``side`` forfeits the game (an overstepped time control, most
    often). The ``Winner`` tag names the other place (with more than two places, ``winner``
    must name one), and the PGN tag ``Termination`` says how it ended (``"time forfeit"``);
    the moves stay as they were. With two places a forfeit reads back as the other side's win
    by concession, as every ``Winner`` tag without an ending does (docs/record-format.md)."""
    from pbmkit.records import parse_records
    from pbmkit.records.edit import set_tag

    order = places(rep)
    if side not in order:
        raise EventRefused(f"{side!r} is not a place of this game (its places: "
                           f"{', '.join(order)})")
    others = [s for s in order if s != side]
    if winner is None:
        if len(others) != 1:
            raise EventRefused(f"with {len(order)} places, say who wins the forfeit (one of "
                               f"{', '.join(others)})")
        winner = others[0]
    if winner not in others:
        raise EventRefused(f"the winner of {side}'s forfeit must be another place (one of "
                           f"{', '.join(others)}), not {winner}")
    new = _set_winner(text, rep, _winner_value(winner))
    (record,), _ = parse_records(new, rep.source)
    new = set_tag(new, record, "Termination", termination)
    assert rep.game is not None
    wins = side_verb(rep.game, winner, "wins", "win")
    return EventEdit(new, f"{player(rep, side)} forfeits ({termination}): {player(rep, winner)} "
                          f"{wins}.")


ACTIONS: dict[str, Action] = {"resign": resign, "offer": offer_draw, "accept": accept_draw,
                              "decline": decline_draw, "claim": claim_draw}
"""The actions by name."""


# --- the whole check ----------------------------------------------------------------------------


def check_editable(rep: "GameReplay", *, allow_over: bool = False) -> None:
    """Refuse a record with errors, or a finished game (unless ``allow_over``)."""
    if rep.game is None or not rep.valid:
        first = rep.errors[0].message if rep.errors else "it cannot be replayed"
        raise EventRefused(f"the record has errors; fix them first ({first})")
    ended = None if allow_over else replay_end(rep)
    if ended is not None:
        raise EventRefused(f"the game is over ({ended}); the record was not changed")


def verify(text: str, source: str) -> "GameReplay":
    """The replay of ``text`` after an edit: refused unless it is one valid game."""
    from pbmkit.records import check_text

    after = check_text(text, source)
    if len(after) != 1 or not after[0].valid:
        problem = after[0].errors[0].message if after and after[0].errors else "it would not read"
        raise EventRefused(f"refused: the record would not be valid after this ({problem}); "
                           "the record was not changed")
    return after[0]


def apply_to_text(text: str, source: str, action: Action, side: str | None = None, *,
                  allow_over: bool = False) -> tuple[EventEdit, "GameReplay"]:
    """Apply ``action`` for ``side`` to the one game of ``text``: the edit and the new text's
    replay; :class:`EventRefused` when the record, the game or the rules refuse it."""
    from pbmkit.records import check_text

    replays = check_text(text, source)
    if len(replays) != 1:
        raise EventRefused(f"{source} holds {len(replays)} games; an event needs a record of one")
    rep = replays[0]
    check_editable(rep, allow_over=allow_over)
    edit = action(text, rep, side)
    return edit, verify(edit.text, source)
