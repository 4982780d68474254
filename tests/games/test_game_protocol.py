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
        get_game("batalo").configure({"First": "Black"})


def test_batalo_knows_no_claimed_draw_only_an_agreed_one() -> None:
    game = get_game("batalo")
    with pytest.raises(IllegalMoveError, match="draw agreed"):
        game.claim_draw(game.initial_position())


def test_billo_first_tag_chooses_who_opens() -> None:
    game = get_game("billo")
    assert game.side_to_move(game.configure({"First": "Orange"}).initial_position()) == "orange"


@pytest.mark.parametrize("name", game_names())
def test_positions_and_moves_copy_and_pickle_as_themselves(name: str) -> None:
    """A copy, a deep copy and a pickled position or move equals the original and hashes alike,
    in the pure and in the compiled build (docs/performance.md, "The compiled build": a compiled
    frozen dataclass refuses the dataclass's own way back). Batrakill's position holds its set-up,
    compared by identity: its copies share it; a pickled one comes back on another set-up (below)."""
    import copy
    import pickle

    game = get_game(name)
    position = game.initial_position()
    move = None
    for _ in range(4):
        move = min(game.legal_moves(position), key=str)
        position = game.apply(position, move)
    for value in (position, move):
        twins = [copy.copy(value), copy.deepcopy(value)]
        if name != "batrakill" or value is move:
            twins.append(pickle.loads(pickle.dumps(value)))
        for twin in twins:
            assert twin == value and hash(twin) == hash(value), (name, value)


@pytest.mark.parametrize("tags", [{}, {"Layout": "zones"}])
def test_a_batrakill_position_pickled_comes_back_on_a_set_up_like_its_own(tags: dict[str, str]) -> None:
    """A pickled Batrakill position (in the compiled build too, where its set-up, a native class,
    had no way to be pickled: ``TypeError``) comes back with the same knights, towers, dragon and
    turn, on a set-up of the same layout and order of play: another set-up, compared by identity,
    so another position, whose game goes on with the same moves."""
    import pickle

    game = get_game("batrakill").configure(tags)
    position = game.initial_position()
    for _ in range(6):
        position = game.apply(position, min(game.legal_moves(position), key=str))
    back = pickle.loads(pickle.dumps(position))
    config, again = position.config, back.config
    assert again is not config and back != position
    assert (again.layout.name, again.order, again.zone_of) == (config.layout.name, config.order,
                                                               config.zone_of)
    assert back[1:] == position[1:]
    fmt = game.notation.format
    assert [fmt(m, back) for m in game.legal_moves(back)] == \
        [fmt(m, position) for m in game.legal_moves(position)]
