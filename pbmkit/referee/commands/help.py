"""The help: ``help`` (every command of the registry and its usage) and ``help GAME`` (a game's
sides, how its moves are written, the tags a challenge may set)."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import TYPE_CHECKING

from pbmkit.games.base import place_title
from pbmkit.referee.club import Club
from pbmkit.referee.commands.challenges import TAGS, game_titles
from pbmkit.referee.context import Command, Context

if TYPE_CHECKING:
    from pbmkit.games import AnyGame

__all__ = ["COMMANDS", "help_text"]


def help_text(club: Club, commands: Mapping[str, Command], game_name: str | None = None) -> str:
    """The help: every command of ``commands`` and its usage, or one game's (``help GAME``)."""
    from pbmkit.games import get_game

    if game_name:
        try:
            game = get_game(game_name)
        except (KeyError, ValueError):
            return f"No game called {game_name!r} here. The games: {', '.join(game_titles())}.\n"
        return _game_help(game)
    lines = [f"{club.name}: the referee's commands (in the subject or on the first line, any case):",
             ""]
    for c in sorted(commands.values(), key=lambda c: c.name):
        lines.append(f"  {c.usage}")
        lines.append(f"      {c.summary}")
    lines += ["", f"The games: {', '.join(game_titles())} (help GAME says more).",
              "A reply to the referee's message of a game, with a line 'Move: ...', plays "
              "your move in that game."]
    return "\n".join(lines) + "\n"


def _game_help(game: AnyGame) -> str:
    """``help GAME``: the sides, how a move is written, how to start a game and every tag a
    challenge may set, with the values the game takes (its :attr:`tag_choices`)."""
    from pbmkit.games import PbmkitError

    tags = [t for t in game.extra_tags if t in TAGS]
    out = [_fill(f"{game.title}: sides {_sides(game.order)}. The challenger plays the side that "
                 f"moves first ({place_title(game.order[0])}"
                 + (", unless a tag chooses another" if game.tag_choices else "") + "), the "
                 "players named the next sides in order."),
           _fill(f"A move is written like: {game.notation.example}"),
           _fill(f"Start a game: challenge {game.name} PLAYER..."
                 + "".join(f" [{t}=...]" for t in tags) + " [TimeControl=...], one player a "
                 "place beyond yours."),
           "", "The tags (a value of several words is written with commas):"]
    for tag in tags:
        choice = game.tag_choices.get(tag)
        if choice is None:
            continue
        like = " or ".join(f"{tag}={_tag_word(v)}" for v in choice.examples)
        needs = "".join(f" {k}={_tag_word(v)}" for k, v in choice.needs.items())
        out.append(_fill(f"{tag}: {choice.values}; like {like}"
                         + (f" (with{needs})" if needs else ""), "  "))
        for example in choice.examples:
            try:
                order = game.configure({**choice.needs, tag: example}).order
            except PbmkitError:
                continue
            if order != game.order:
                out.append(_fill(f"with {tag}={_tag_word(example)} the places are, in order: "
                                 f"{_sides(order)}", "      "))
    out.append(_fill("TimeControl: MOVES/DAYS (TimeControl=10/50: 10 moves in 50 days, counted "
                     "together) or DAYS a move (TimeControl=3); no time control without it", "  "))
    return "\n".join(out) + "\n"


def _sides(order: tuple[str, ...]) -> str:
    return ", ".join(place_title(s) for s in order)


def _fill(text: str, indent: str = "") -> str:
    """``text`` folded at 76 columns, its continuations indented four more than ``indent``."""
    return textwrap.fill(text, 76, initial_indent=indent, subsequent_indent=indent + "    ",
                         break_on_hyphens=False, break_long_words=False)


def _tag_word(value: str) -> str:
    """A tag's value as one word of a command: its spaces as commas (``Blue+Green,Dragon``)."""
    return ",".join(value.split())


def _help(ctx: Context) -> None:
    from pbmkit.games import game_info

    asked = " ".join(ctx.args) or None
    try:  # the subject names the game asked of, as the games write it (never the words sent)
        subject = f"help {game_info(asked).title}" if asked else "help"
    except (KeyError, ValueError):
        subject = "help"
    ctx.reply(subject, help_text(ctx.club, ctx.commands, asked))


COMMANDS = (
    Command("help", "help [GAME]", "this text, or how to play GAME", _help, needs_player=False),
)
"""The commands of this module, for the registry."""
