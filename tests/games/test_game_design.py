"""The game design of issue 10: the typed Game protocol, the registry, configuring by tags, the
error hierarchy. Every registered game is held to the protocol here."""

from __future__ import annotations

import pytest

from pbmkit.games import (
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    PbmkitError,
    SetupError,
    UnknownGameError,
    batalo,
    billo,
    game_names,
    get_game,
    register,
)
from pbmkit.games.base import Announcement, Outcome, describe_outcome
from pbmkit.games.batalo import rules as batalo_rules
from pbmkit.games.drawing import GLYPH_KINDS, Look
from pbmkit.games.notation import MoveSyntaxError


@pytest.mark.parametrize("name", game_names())
def test_every_game_answers_the_whole_protocol(name: str) -> None:
    game = get_game(name)
    assert isinstance(game, Game)
    assert game.name == name
    assert len(game.side_tags) == len(game.sides) >= 2
    assert set(game.order) == set(game.sides)
    assert game.rounds >= 1
    start = game.initial_position()
    assert game.round_of(start) == 1
    assert game.configure({}) is game
    look = game.look()
    assert isinstance(look, Look)
    assert all(g.kind in GLYPH_KINDS for g in look.glyphs.values())
    assert set(look.symbols(start).values()) <= set(look.glyphs)
    notation = game.notation
    for move in game.legal_moves(start):
        paths = game.touched(move)
        assert paths and all(0 <= sp < game.board.size for path in paths for sp in path)
        after = game.apply(start, move)
        assert all(isinstance(a, Announcement) and a.word in game.announcement_words
                   for a in game.announce(after))
        assert notation.read(notation.format(move, start), start) == move


@pytest.mark.parametrize("name", game_names())
def test_every_outcome_a_game_gives_has_words(name: str) -> None:
    game = get_game(name)
    for how in ("concession", "agreement", "draw-claimed"):
        assert how in game.outcome_words


def test_outcome_words_come_from_the_game() -> None:
    over = Outcome("white", "base")
    assert describe_outcome(batalo.GAME, over) == "White has won by reaching the opponent's base"
    assert describe_outcome(billo.GAME, Outcome("draw", "draw-shapes")) == \
        "the game is drawn (every piece left has the same shape)"


@pytest.mark.parametrize("spelling", ["Batalo", "BATALO", " batalo ", "Batallo", "bat-alo"])
def test_game_names_ignore_case_spaces_and_hyphens(spelling: str) -> None:
    assert get_game(spelling) is batalo.GAME


def test_an_accented_name_finds_its_game() -> None:
    register("baladãna-test", lambda: batalo.GAME, aliases=("Bàladana Test",))
    try:
        assert get_game("BALADANA TEST") is batalo.GAME
        assert get_game("baladanatest") is batalo.GAME
    finally:
        from pbmkit.games import unregister

        unregister("baladanatest")
    with pytest.raises(UnknownGameError):
        get_game("baladana test")


def test_an_unknown_game_is_a_pbmkit_error_and_a_key_error_naming_the_known_games() -> None:
    with pytest.raises(UnknownGameError) as caught:
        get_game("chess")
    assert isinstance(caught.value, KeyError) and isinstance(caught.value, ValueError)
    assert str(caught.value) == "unknown game 'chess' (known: Batalo, Billo)" or \
        str(caught.value).startswith("unknown game 'chess' (known: Batalo, Billo")


def test_every_error_is_a_pbmkit_error() -> None:
    for error in (IllegalMoveError, AmbiguousMoveError, SetupError, UnknownGameError):
        assert issubclass(error, PbmkitError)
    assert issubclass(PbmkitError, ValueError)
    assert issubclass(MoveSyntaxError, ValueError)


def test_billo_first_tag_configures_who_opens_every_turn() -> None:
    # Billo rules: the players choose who moves first; the First tag records it.
    orange_first = billo.GAME.configure({"First": "Orange"})
    assert orange_first.order == ("orange", "yellow")
    assert orange_first.side_to_move(orange_first.initial_position()) == "orange"
    assert billo.GAME.configure({"First": "yellow"}).order == ("yellow", "orange")
    with pytest.raises(SetupError) as caught:
        billo.GAME.configure({"First": "Purple"})
    assert caught.value.tag == "First"


def test_batalo_refuses_a_first_tag_for_black() -> None:
    # Rules, PLAYING: "White should move first."
    with pytest.raises(SetupError, match="White always moves first") as caught:
        batalo.GAME.configure({"First": "Black"})
    assert caught.value.tag == "First"
    assert batalo.GAME.configure({"First": "White"}) is batalo.GAME


def test_batalo_announces_averto_exactly_when_the_mover_threatens() -> None:
    # Ruling 14: averto is said when the move threatens the opponent's column or base.
    import random

    game, rng = batalo.GAME, random.Random(3)
    position, said = game.initial_position(), 0
    for _ in range(400):
        if game.outcome(position) is not None:
            position = game.initial_position()
        position = game.apply(position, rng.choice(game.legal_moves(position)))
        threats = batalo_rules.threats(position)
        announced = game.announce(position)
        assert bool(announced) == bool(threats)
        if announced:
            said += 1
            assert announced == (Announcement("averto", "threatens the " + " and the ".join(threats)),)
    assert said > 0


def test_a_hop_series_touches_every_landing() -> None:
    start, *path = (batalo_rules.space(n) for n in ("IR", "GT", "ET"))
    move = batalo.Move(start, path[-1], tuple(path))
    assert batalo.GAME.touched(move) == ((start, *path),)
    plain = batalo.Move(start, path[-1])
    assert batalo.GAME.touched(plain) == ((start, path[-1]),)
