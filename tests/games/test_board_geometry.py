"""The 127-space board and its two-letter names (docs/batalo.md, "The board")."""

from pbmkit.games.batalo import setup
from pbmkit.games.batalo.rules import BOARD, from_pbmserv, space, space_name, to_pbmserv
from pbmkit.games.board import OFF, Board


def test_board_has_127_spaces_named_by_an_a_to_m_and_an_n_to_z_line() -> None:
    assert BOARD.size == 127
    for sp, (i, j) in enumerate(BOARD.coords):
        assert 1 <= i <= 13 and 1 <= j <= 13 and 8 <= i + j <= 20
        assert space_name(sp) == "ABCDEFGHIJKLM"[i - 1] + "NOPQRSTUVWXYZ"[j - 1]


def test_every_space_has_the_neighbours_of_the_spec() -> None:
    for sp, (i, j) in enumerate(BOARD.coords):
        want = {(i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1), (i + 1, j - 1), (i - 1, j + 1)}
        got = {BOARD.coords[n] for n in BOARD.neighbours[sp]}
        assert got == {c for c in want if BOARD.at(c) is not None}


def test_the_long_line_runs_corner_to_corner_through_the_centre() -> None:
    line = [space_name(space("MN"))] + [space_name(s) for s in BOARD.rays[space("MN")][5]]
    assert line == ["MN", "LO", "KP", "JQ", "IR", "HS", "GT", "FU", "EV", "DW", "CX", "BY", "AZ"]


def test_names_are_case_insensitive_and_either_letter_order_is_read() -> None:
    assert space("ir") == space("IR") == space("RI") == space("Ri")


def test_pbmserv_names_match_the_spec_examples() -> None:
    for name, pbm in {"JQ": "g4", "GT": "g7", "DW": "g10", "IR": "g5", "HS": "g6"}.items():
        assert to_pbmserv(space(name)) == pbm
        assert from_pbmserv(pbm) == space(name)
    assert all(from_pbmserv(to_pbmserv(s)) == s for s in range(BOARD.size))


def test_the_diagram_of_the_start_is_the_spec_drawing() -> None:
    text = setup.diagram(setup.initial_position())
    assert text.splitlines()[6] == "AT      BU      CV      DWB     EX      FY      GZ"
    assert setup.from_diagram(text) == setup.initial_position()


def test_rays_and_lines_follow_the_six_directions_to_the_edge() -> None:
    gt = space("GT")
    assert [len(ray) for ray in BOARD.rays[gt]] == [6, 6, 6, 6, 6, 6]
    assert BOARD.direction_between(gt, space("KT")) == (0, 4)
    assert BOARD.direction_between(gt, space("IS")) is None
    assert BOARD.step(space("AZ"), 1) == -1  # off the board


def test_a_square_board_names_its_squares_and_knows_diagonals() -> None:
    from pbmkit.games.board import square_board

    board = square_board(8, 8)
    assert board.size == 64 and board.name(0) == "a1" and board.find("H8") == 63
    assert board.find("i9") is None
    assert len(board.neighbours[board.space("a1")]) == 3
    assert len(board.neighbours[board.space("d4")]) == 8
    assert board.direction_between(board.space("a1"), board.space("h8")) == (4, 7)


def _walked(board: Board) -> tuple[tuple[tuple[int, ...], ...], ...]:
    """Every space's ray in every direction by definition: step until the board ends."""
    rays = []
    for start in range(board.size):
        row = []
        for d in range(len(board.directions)):
            ray, nxt = [], board.steps[start][d]
            while nxt != OFF:
                ray.append(nxt)
                nxt = board.steps[nxt][d]
            row.append(tuple(ray))
        rays.append(tuple(row))
    return tuple(rays)


def test_every_board_ray_is_the_walk_from_its_space() -> None:
    """A board's rays are built line by line from the far end (a board is built at every start);
    each is still the walk from its space, nearest first, on every registered game's board and
    on square and hex boards of other shapes."""
    from pbmkit.games import game_names, get_game
    from pbmkit.games.board import hex_board, square_board

    boards = [get_game(name).board for name in game_names()]
    boards += [square_board(f, r) for f, r in ((1, 1), (3, 7), (9, 9), (19, 19))]
    boards.append(hex_board([(i, j) for i in range(5) for j in range(5) if 2 <= i + j <= 6],
                            lambda i, j: f"{'abcde'[i]}{j}"))
    for board in boards:
        assert board.rays == _walked(board), board.kind
