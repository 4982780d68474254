"""Every registered game honours the whole Game protocol the other layers rely on."""

import pytest

from pbmkit.games import Game, IllegalMoveError, game_names, get_game


@pytest.mark.parametrize("name", game_names())
def test_every_game_implements_the_protocol(name: str) -> None:
    game = get_game(name)
    assert isinstance(game, Game)
    start = game.initial_position()
    assert game.side_to_move(start) == game.sides[0]
    assert game.configure({}).initial_position() == start


@pytest.mark.parametrize("name", game_names())
def test_no_draw_can_be_claimed_at_the_start(name: str) -> None:
    game = get_game(name)
    with pytest.raises(IllegalMoveError):
        game.claim_draw(game.initial_position())


def test_batalo_white_always_moves_first() -> None:
    # Rules, PLAYING: "White should move first."
    with pytest.raises(ValueError, match="White always moves first"):
        get_game("batalo").initial_position("black")


def test_batalo_knows_no_claimed_draw_only_an_agreed_one() -> None:
    game = get_game("batalo")
    with pytest.raises(IllegalMoveError, match="draw agreed"):
        game.claim_draw(game.initial_position())


def test_billo_first_tag_chooses_who_opens() -> None:
    game = get_game("billo")
    assert game.side_to_move(game.initial_position("orange")) == "orange"
