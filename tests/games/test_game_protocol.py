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


@pytest.mark.parametrize("name", game_names())
def test_positions_and_moves_copy_and_pickle_as_themselves(name: str) -> None:
    """A copy, a deep copy and a pickled position or move equals the original and hashes alike,
    in the pure and in the compiled build (docs/performance.md, "The compiled build": a compiled
    frozen dataclass refuses the dataclass's own way back). Batrakill's position holds its set-up,
    compared by identity: only its plain copy is the same position."""
    import copy
    import pickle

    game = get_game(name)
    position = game.initial_position()
    move = None
    for _ in range(4):
        move = min(game.legal_moves(position), key=str)
        position = game.apply(position, move)
    deep = name != "batrakill"
    for value in (position, move):
        twins = [copy.copy(value)]
        if deep or value is move:
            twins += [copy.deepcopy(value), pickle.loads(pickle.dumps(value))]
        for twin in twins:
            assert twin == value and hash(twin) == hash(value), (name, value)
