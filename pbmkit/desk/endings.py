"""How a game ended, in a few words: the desk's one judgement of whether a record takes more
moves (:func:`game_end`), and the ``Termination`` words that end a game (:func:`termination_end`).

A module of its own, without the desk's dates and clocks (:mod:`pbmkit.desk.dates`, which
re-exports both): ``pbmkit move`` asks it of every record, and a record without dates then never
imports the dates' module (its dataclasses cost a mailed move ~30M instructions, issue 37).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from pbmkit.common.text import printable
from pbmkit.games.base import result_words

if TYPE_CHECKING:
    from pbmkit.records.model import Ending
    from pbmkit.records.replay import GameReplay

__all__ = ["game_end", "replay_end", "termination_end"]

_ENDING_TERMINATIONS = ("annul", "abandon", "forfeit", "time forfeit", "adjudicat",
                        "rules infraction", "death", "emergency", "resignation")
"""The starts of the PGN ``Termination`` words that end a game by themselves, winner or none: the
event's ``annulled``, ``forfeit`` and ``adjudication``, the referee's ``time forfeit``, a
resignation out of turn (``resignation``, docs/record-format.md), PGN's
``abandoned``, ``rules infraction``, ``death``, ``emergency``. PGN's ``normal`` and
``unterminated`` say nothing of the kind (the board or the Winner tag tells)."""


def termination_end(tags: Mapping[str, str]) -> str | None:
    """The ``Termination`` tag's words when they end the game (``"annulled"``, ``"time
    forfeit"``: :data:`_ENDING_TERMINATIONS`), lower case; None for none, or for words that do not
    end a game (``normal``, ``unterminated``, words the desk does not know)."""
    words = " ".join(tags.get("Termination", "").split()).lower()
    if not words or len(words) > 60:
        return None
    if words.startswith(_ENDING_TERMINATIONS) or "forfeit" in words:
        return printable(words)
    return None


def game_end(tags: Mapping[str, str], winner: str | None, result: str | None = None, *,
             ending: Ending | None = None) -> str | None:
    """How a game ended, in a few words, or None while it goes on: the one judgement of whether
    a record takes more moves (``pbmkit move``, ``mail read``, the referee), of what ``status``
    and ``check`` call it.

    ``winner`` is the result as the caller read it (a side, ``"draw"``, None): a replay's, or
    :func:`written_result`'s from the record alone; ``result`` says it in the game's words
    (``"Yellow wins on the base"``; default ``"Yellow wins"``, ``"drawn"``). A ``Termination``
    tag that ends a game (:func:`termination_end`) ends it with or without a winner: an annulled
    game counts for no one, whoever won it (``"annulled"``), a forfeit of several players has no
    single winner (``"forfeit"``); with a winner it is said after the result (``"Yellow wins
    (time forfeit)"``). ``ending`` is the record's written ending: with several players a
    resignation and no Winner tag still ends the game (``"Orange resigned"`` is not known, so
    ``"'resigns' written"``).
    """
    termination = termination_end(tags)
    if termination is not None and termination.startswith("annul"):
        return termination
    if winner is not None:
        words = result or ("drawn" if winner == "draw" else f"{winner.capitalize()} wins")
        return f"{words} ({termination})" if termination is not None else words
    if termination is not None:
        return termination
    if ending is not None:
        return f"'{ending.kind}' written, no winner named"
    return None


def replay_end(rep: GameReplay) -> str | None:
    """How a replayed game ended (:func:`game_end`: a result, a ``Termination`` such as
    ``annulled``, an ending without a winner), or None while it goes on: what ``pbmkit move``,
    ``mail read`` and the referee refuse more moves with (also
    :func:`pbmkit.desk.actions.replay_end`)."""
    words = result_words(rep.game, rep.winner, rep.how, rep.detail) if rep.winner else None
    return game_end(rep.record.tags, rep.winner, words, ending=rep.record.ending)
