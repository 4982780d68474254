"""Monte Carlo tree search (UCT) for every game, through the game contract only (docs/engine.md).

One search serves every registered game: it asks a game whose turn it is, its legal moves, the
position after a move and the outcome, and nothing else (``pbmkit.games.base.Game``). On top of
plain UCT it has what was measured to pay (docs/engine.md, "What pays"): a solver that proves wins,
losses and draws and plays the shortest win, a check of every move at the root for a win in one,
RAVE (all moves as first), a game's guide to its moves (progressive bias), and the tree kept
between the searches of
one :class:`Engine` (the subtree of the position reached). More than two sides are searched max-n:
each node keeps every side's total reward, and the side to move picks by its own.

A search is bounded by time, by playouts or both, and its tree by a node cap (``Limits.nodes``):
at the cap it stops growing and goes on playing out from its leaves. With the same seed and a
bound in playouts (not in time) it plays the same move every time.
"""


import gc
import math
import time
from random import Random
from typing import Generic, NamedTuple, TypeVar

from pbmkit.engine.hooks import Evaluates, Guides, PlaysOut, PlaysOutWhole
from pbmkit.games.base import Game, Outcome

__all__ = ["NODE_CAP", "Choice", "Engine", "Limits", "Result", "Settings", "search"]

P = TypeVar("P")
M = TypeVar("M")

NODE_CAP = 200_000
"""The most nodes a tree holds (the memory bound: a node is about 0.3 KB plus its position)."""

WIN = 1.0
"""The reward of a side that wins; a draw shares one among the sides that move."""

HELD = 4096
"""The most move objects whose numbers are remembered by identity (a whole playout that makes new
objects every time fills it and starts again)."""

YOUNG = 20_000
"""While a search runs, the young objects (the collector's first generation) are collected when
they pass this many: the garbage of a game whose moves make reference cycles (Billo's move
generation makes hundreds of thousands a second) is freed at the cost of walking the young objects
only, never the whole tree; the collector is otherwise off during a search."""

STRIDE = 16
"""RAVE's mark of a move played by a side is at ``move number * STRIDE + side``: the most sides a
game searched has."""


class Limits(NamedTuple):
    """When a search stops: after ``seconds``, after ``playouts``, whichever comes first (at least
    one playout is always made); ``nodes`` caps the tree."""

    seconds: float | None = 1.0
    playouts: int | None = None
    nodes: int = NODE_CAP


class Settings(NamedTuple):
    """The search's constants (docs/engine.md, "Settings"; the defaults are the measured best)."""

    exploration: float = 0.25
    """UCT's constant C in ``mean + C * sqrt(ln N / n)``."""
    rave: float = 0.1
    """RAVE's bias b (0: no RAVE): the weight of a move's all-moves-as-first mean fades as
    ``n_amaf / (n + n_amaf + 4 b² n n_amaf)``."""
    playout_plies: int = 300
    """The longest playout of a game without an evaluation; one that reaches it counts as a draw."""
    cutoff: int = 8
    """The longest playout of a game with an evaluation (:class:`~pbmkit.engine.hooks.Evaluates`):
    one that reaches it is scored by the evaluation. Short playouts scored well are worth more than
    long random ones in games whose playouts are slow (docs/engine.md, "What pays")."""
    wide: int = 200
    """A node of a game with an evaluation that has more moves than this grows its children
    progressively (0: never): it tries a new move only while it has fewer than
    ``widening * sqrt(visits)`` children, else it searches those it has (Baladãna's 1,383 turns
    a position would otherwise take every playout of a search one new move each)."""
    widening: float = 2.0
    """The progressive widening's coefficient (see :attr:`wide`)."""
    solver: bool = True
    """Whether proofs go up the tree (MCTS-Solver); without it only a game's end is exact."""
    reuse: bool = True
    """Whether an :class:`Engine` keeps the subtree of the position it is next asked about."""
    guide: float = 1.5
    """The weight of a game's guide (:class:`~pbmkit.engine.hooks.Guides`; 0: not asked): a move
    the guide gives ``w`` scores ``guide * w / (visits + 1)`` more in the selection, and moves are
    tried in the order of their weights."""


class Choice(NamedTuple, Generic[M]):
    """One move of the root: how often it was searched, its chance for the side to move, and what
    the solver proved of it (``"win"``, ``"loss"``, ``"draw"`` or ``None``)."""

    move: M
    visits: int
    chance: float
    proven: str | None
    plies: int
    """Plies to the proven end, after this move (0: it ends the game)."""


class Result(NamedTuple, Generic[M]):
    """What a search found for the side to move (``side``)."""

    side: str
    move: M
    """The move to play (always one of the legal moves)."""
    chance: float
    """The side's estimated chance of winning with :attr:`move` (1: proven win, 0: proven loss)."""
    chances: dict[str, float]
    """Every side's estimated chance after :attr:`move` (max-n: each side's own reward)."""
    value: dict[str, float]
    """Every side's chance in the position searched: the mean reward over all its playouts (the
    exact result once proven). Less than :attr:`chances` for the side to move early in a search,
    but measured the same way in every position: what an analysis compares."""
    proven: str | None
    """``"win"``, ``"loss"`` or ``"draw"`` when the solver proved it, else ``None``."""
    moves_to_end: int | None
    """For a proven result, the side's own moves until the game ends (``wins in 3``)."""
    line: tuple[M, ...]
    """The line the search expects, :attr:`move` first."""
    choices: tuple[Choice[M], ...]
    """Every root move searched, most searched first."""
    playouts: int
    nodes: int
    seconds: float


class Node(Generic[P, M]):
    """A position of the tree. ``rewards[i]`` is side ``i``'s total reward over ``visits``."""

    __slots__ = (
        "amaf_visits",
        "amaf_wins",
        "bias",
        "children",
        "guided",
        "key",
        "move",
        "mover",
        "parent",
        "plies",
        "position",
        "proven",
        "rewards",
        "to_move",
        "untried",
        "visits",
    )

    def __init__(self, position: P, move: M | None, parent: "Node[P, M] | None", mover: int,
                 to_move: int, sides: int, key: int = -1) -> None:
        self.position = position
        self.move = move
        self.key = key
        """The move's number in its :class:`Engine` (equal moves, equal numbers; -1: no move)."""
        self.parent = parent
        self.mover = mover
        """The side whose move led here (-1 at the root)."""
        self.to_move = to_move
        self.children: list[Node[P, M]] = []
        self.untried: list[M] | None = None
        """The moves not expanded yet (None: not listed yet)."""
        self.visits = 0
        self.rewards = [0.0] * sides
        self.proven: list[float] | None = None
        """The rewards of the proven end, when the solver has proved one."""
        self.plies = 0
        self.amaf_visits = 0
        self.amaf_wins = 0.0
        self.bias = 0.0
        """The game's guide's weight of :attr:`move` times ``Settings.guide`` (0: none)."""
        self.guided: dict[int, float] | None = None
        """The guide's weights of the untried moves by their numbers (None: no guide here)."""


class Engine(Generic[P, M]):
    """A search of ``game`` that keeps its tree between calls (tree reuse), with its own random
    source seeded by ``seed``."""

    def __init__(self, game: Game[P, M], *, seed: int = 0,
                 settings: Settings | None = None) -> None:
        self.game = game
        self.settings = settings or Settings()
        self.rng = Random(seed)
        order = tuple(game.order)
        self.sides: list[str] = [*order, *(s for s in game.sides if s not in order)]
        self.movers = max(1, len(order))
        if len(self.sides) > STRIDE:
            raise ValueError(f"the engine searches at most {STRIDE} sides, not {len(self.sides)}")
        self.index: dict[str, int] = {s: i for i, s in enumerate(self.sides)}
        self.rewards_of: dict[str, list[float]] = {}
        self.evaluate = game.evaluate if isinstance(game, Evaluates) else None
        self.policy = game.playout_move if isinstance(game, PlaysOut) else None
        self.whole = game.playout if isinstance(game, PlaysOutWhole) else None
        self.guide = game.guide if isinstance(game, Guides) and self.settings.guide > 0 else None
        self.keys: dict[M, int] = {}
        """Each move met so far and its number: RAVE compares numbers, not moves."""
        self.marks: list[int] = []
        """RAVE: ``marks[move number * STRIDE + side] == stamp`` when the side played the move
        in the playout numbered ``stamp`` (a list, not a set made every playout)."""
        self.stamp = 0
        self.same: dict[int, tuple[M, int]] = {}
        """The number of a move object by its identity (the object held, so that its identity
        is not reused): a game's whole playout that gives the same objects every time (Hex's)
        has their numbers without hashing them."""
        self.root: Node[P, M] | None = None
        self.nodes = 0
        self.lag = 0.0
        """How much the last search bounded in time overran its bound (collecting the garbage of
        its tree once the collector is on again, making its answer): the next one stops that
        much earlier, so that a move takes the time it is given."""

    # --- sides and rewards ---------------------------------------------------------------------

    def side_index(self, position: P) -> int:
        """The index of the side to move in ``position``."""
        side = self.game.side_to_move(position)
        found = self.index.get(side)
        return found if found is not None else self.side_of(side)

    def side_of(self, side: str) -> int:
        """The index of ``side``, a side the game did not list searched as any other."""
        found = self.index.get(side)
        if found is None:
            if len(self.sides) >= STRIDE:
                raise ValueError(f"the engine searches at most {STRIDE} sides")
            found = self.index[side] = len(self.sides)
            self.sides.append(side)
            for node in self._walk(self.root):
                node.rewards.append(0.0)
        return found

    def key(self, move: M) -> int:
        """The number of ``move`` (the same for an equal move)."""
        keys = self.keys
        got = keys.get(move)
        if got is None:
            got = keys[move] = len(keys)
            self.marks.extend([0] * STRIDE)
        return got

    def held_key(self, move: M) -> int:
        """The number of ``move``, its object remembered (at most ``HELD`` objects)."""
        if len(self.same) >= HELD:
            self.same.clear()
        key = self.key(move)
        self.same[id(move)] = (move, key)
        return key

    def reward(self, outcome: Outcome | None) -> list[float]:
        """Each side's reward for ``outcome`` (None: a playout cut short without an evaluation)."""
        return self.reward_of("draw" if outcome is None else outcome.winner)

    def reward_of(self, winner: str) -> list[float]:
        """Each side's reward when ``winner`` (a side, or ``"draw"``) wins."""
        got = self.rewards_of.get(winner)
        if got is None or len(got) != len(self.sides):
            won = [i for i, s in enumerate(self.sides) if s == winner or winner in s.split("+")]
            if winner == "draw" or not won:
                share = WIN / self.movers
                got = [share if i < self.movers else 0.0 for i in range(len(self.sides))]
            else:
                got = [WIN if i in won else 0.0 for i in range(len(self.sides))]
            self.rewards_of[winner] = got
        return got

    # --- the search ---------------------------------------------------------------------------

    def search(self, position: P, limits: Limits | None = None) -> Result[M]:
        """The best move for the side to move in ``position`` (which must not be over)."""
        limits = limits or Limits()
        start = time.perf_counter()
        game = self.game
        moves = list(game.legal_moves(position))
        if not moves:
            raise ValueError("the game is over: there is no move to search")
        me = self.side_index(position)
        for move in moves:  # a win in one is played at once, whatever the search would say
            after = game.apply(position, move)
            outcome = game.outcome(after)
            if outcome is not None and self.reward(outcome)[me] >= WIN:
                root = self._new_root(position, me)
                child = Node(after, move, root, me, -1, len(self.sides), self.key(move))
                child.proven, child.visits = self.reward(outcome), 1
                child.rewards = list(child.proven)
                root.children.append(child)
                root.proven, root.plies, root.visits = child.proven, 1, 1
                return self._result(root, 0, start)
        kept = self._reuse(position) if self.settings.reuse else None
        root = kept if kept is not None else self._new_root(position, me)
        deadline = None if limits.seconds is None else \
            start + max(limits.seconds / 2, limits.seconds - self.lag)
        most = limits.playouts
        playouts = 0
        clock = time.perf_counter
        collecting = gc.isenabled()
        gc.disable()  # the tree is kept: the collector's passes over it are wasted (docs/engine.md)
        young = gc.get_count
        try:
            while root.proven is None:
                self._iterate(root, limits.nodes)
                playouts += 1
                if collecting and not playouts & 31 and young()[0] > YOUNG:
                    gc.collect(1)  # a game's cyclic garbage, young only: the tree is not walked
                if most is not None and playouts >= most:
                    break
                if deadline is not None and clock() >= deadline:
                    break
        finally:
            if collecting:
                gc.enable()
        result = self._result(root, playouts, start)
        if limits.seconds is not None and deadline is not None and root.proven is None:
            self.lag = max(0.0, time.perf_counter() - start - limits.seconds + self.lag) \
                if (most is None or playouts < most) else self.lag
        return result

    def _new_root(self, position: P, me: int) -> Node[P, M]:
        root: Node[P, M] = Node(position, None, None, -1, me, len(self.sides))
        self.root, self.nodes = root, 1
        return root

    def _reuse(self, position: P) -> Node[P, M] | None:
        """The node of ``position`` in the kept tree, within one round of moves, made the root."""
        old = self.root
        if old is None:
            return None
        level = [old]
        for _ in range(self.movers + 1):
            for node in level:
                if node.position == position and node.proven is None:
                    node.parent, node.move, node.mover = None, None, -1
                    self.root = node
                    self.nodes = sum(1 for _ in self._walk(node))
                    return node
            level = [c for n in level for c in n.children]
        return None

    def _walk(self, node: Node[P, M] | None) -> list[Node[P, M]]:
        out: list[Node[P, M]] = []
        todo = [node] if node is not None else []
        while todo:
            n = todo.pop()
            out.append(n)
            todo.extend(n.children)
        return out

    def _iterate(self, root: Node[P, M], cap: int) -> None:
        """One playout: select, expand, play out, back up, prove."""
        node = root
        path = [root]
        exploration = self.settings.exploration
        rave = self.settings.rave
        wide = self.settings.wide if self.evaluate is not None else 0
        widening = self.settings.widening
        while node.proven is None and node.untried is not None and node.children and (
                not node.untried or (0 < wide < len(node.children) + len(node.untried) and
                                     len(node.children) >= widening * math.sqrt(node.visits))):
            node = self._select(node, exploration, rave)
            path.append(node)
        if node.proven is None and node.untried is None:
            node.untried = self._listed(node)
        untried = node.untried
        if node.proven is None and untried and self.nodes < cap:
            move = untried.pop()
            after = self.game.apply(node.position, move)
            child = self._child(node, move, after)
            if node.guided is not None:
                child.bias = node.guided.get(child.key, 0.0)
            node.children.append(child)
            self.nodes += 1
            path.append(child)
            node = child
            if child.proven is not None and self.settings.solver:
                self._prove(node.parent)
        played: list[int] | None = [] if rave > 0 else None
        reward = node.proven if node.proven is not None else self._playout(node, played)
        sides = len(reward)
        for n in path:
            n.visits += 1
            totals = n.rewards
            for i in range(sides):
                totals[i] += reward[i]
        if played is not None:
            self._amaf(path, played, reward)

    def _listed(self, node: Node[P, M]) -> list[M]:
        moves = list(self.game.legal_moves(node.position))
        rng = self.rng
        for i in range(len(moves) - 1, 0, -1):  # expanded in a seeded random order
            j = int(rng.random() * (i + 1))
            moves[i], moves[j] = moves[j], moves[i]
        if self.guide is not None and len(moves) > 1:
            weights = self.guide(node.position, moves)
            if weights is not None and any(weights):
                scale = self.settings.guide
                key = self.key
                node.guided = {key(m): scale * w for m, w in zip(moves, weights, strict=True) if w > 0}
                order = sorted(range(len(moves)), key=weights.__getitem__)  # stable: the best last
                moves = [moves[i] for i in order]  # popped first
        return moves

    def _child(self, parent: Node[P, M], move: M, after: P) -> Node[P, M]:
        outcome = self.game.outcome(after)
        if outcome is not None:
            child = Node(after, move, parent, parent.to_move, -1, len(self.sides), self.key(move))
            child.proven = self.reward(outcome)
            return child
        return Node(after, move, parent, parent.to_move, self.side_index(after), len(self.sides),
                    self.key(move))

    def _select(self, node: Node[P, M], exploration: float, rave: float) -> Node[P, M]:
        side = node.to_move
        log_n = math.log(node.visits)
        best = node.children[0]
        best_score = -1e9
        bias = 4.0 * rave * rave
        for child in node.children:
            proven = child.proven
            if proven is not None:
                score = proven[side] - 0.5  # exact: never explored again
            else:
                n = child.visits
                mean = child.rewards[side] / n
                if rave > 0 and child.amaf_visits:
                    a = child.amaf_visits
                    beta = a / (n + a + bias * n * a)
                    mean = (1 - beta) * mean + beta * child.amaf_wins / a
                score = mean + exploration * math.sqrt(log_n / n)
                if child.bias:
                    score += child.bias / (n + 1)
            if score > best_score:
                best, best_score = child, score
        return best

    def _playout(self, node: Node[P, M], played: list[int] | None) -> list[float]:
        game = self.game
        legal, apply, policy, rng = game.legal_moves, game.apply, self.policy, self.rng
        position = node.position
        whole = self.whole
        if whole is not None:
            winner, line = whole(position, rng)
            if played is not None:
                index, same = self.index, self.same
                for side, laid in line:
                    held = same.get(id(laid))
                    key = held[1] if held is not None else self.held_key(laid)
                    found = index.get(side)
                    played.append(key * STRIDE + (found if found is not None else
                                                  self.side_of(side)))
            return self.reward_of(winner)
        plies = self.settings.playout_plies if self.evaluate is None else self.settings.cutoff
        for _ in range(plies):
            if policy is not None:
                drawn = policy(position, rng)
                if drawn is None:
                    return self.reward(game.outcome(position))
                move = drawn
            else:
                moves = legal(position)
                if not moves:
                    return self.reward(game.outcome(position))
                move = moves[int(rng.random() * len(moves))]
            if played is not None:
                played.append(self.key(move) * STRIDE + self.side_index(position))
            position = apply(position, move)
        outcome = game.outcome(position)
        if outcome is not None or self.evaluate is None:
            return self.reward(outcome)
        value = self.evaluate(position)
        me = self.side_index(position)
        others = (WIN - value) / max(1, self.movers - 1)
        return [value if i == me else others if i < self.movers else 0.0
                for i in range(len(self.sides))]

    def _amaf(self, path: list[Node[P, M]], played: list[int], reward: list[float]) -> None:
        """RAVE: each node's children whose move its side played later in this playout."""
        self.stamp += 1
        stamp, marks = self.stamp, self.marks
        for mark in played:
            marks[mark] = stamp
        for n in reversed(path):
            side = n.to_move
            if side >= 0 and n.children:
                won = reward[side]
                for child in n.children:
                    if marks[child.key * STRIDE + side] == stamp:
                        child.amaf_visits += 1
                        child.amaf_wins += won
            if n.mover >= 0:
                marks[n.key * STRIDE + n.mover] = stamp

    def _prove(self, node: Node[P, M] | None) -> None:
        """The solver: prove ``node`` and its ancestors from their children, where they can be."""
        while node is not None:
            side = node.to_move
            win: Node[P, M] | None = None
            best: Node[P, M] | None = None
            every = node.untried is not None and not node.untried
            for child in node.children:
                proven = child.proven
                if proven is None:
                    every = False
                elif proven[side] >= WIN:
                    if win is None or child.plies < win.plies:
                        win = child
                elif best is None or best.proven is None or proven[side] > best.proven[side] \
                        or (proven[side] == best.proven[side] and child.plies > best.plies):
                    best = child
            chosen = win if win is not None else best if every else None
            if chosen is None or chosen.proven is None:
                return
            node.proven, node.plies = chosen.proven, chosen.plies + 1
            node = node.parent

    # --- the answer ---------------------------------------------------------------------------

    def _pick(self, node: Node[P, M]) -> Node[P, M] | None:
        """The child to play: the shortest proven win, else the most searched move not proven
        lost (the longest loss when every move loses)."""
        side = node.to_move
        if not node.children:
            return None
        wins = [c for c in node.children if c.proven is not None and c.proven[side] >= WIN]
        if wins:
            return min(wins, key=lambda c: c.plies)
        alive = [c for c in node.children
                 if c.proven is None or c.proven[side] * self.movers >= WIN - 1e-9]
        if alive:
            return max(alive, key=lambda c: (c.visits, self._mean(c, side)))
        return max(node.children, key=lambda c: c.plies)

    def _mean(self, node: Node[P, M], side: int) -> float:
        if node.proven is not None:
            return node.proven[side]
        return node.rewards[side] / node.visits if node.visits else 0.0

    def _result(self, root: Node[P, M], playouts: int, start: float) -> Result[M]:
        me = root.to_move
        best = self._pick(root)
        if best is None:  # no playout expanded a move (a bound of one, at a node cap of one)
            moves = root.untried if root.untried else list(self.game.legal_moves(root.position))
            move = moves[-1]
            chances = {s: WIN / self.movers for s in self.sides[:self.movers]}
            return Result(self.sides[me], move, chances[self.sides[me]], chances, chances, None, None,
                          (move,), (), playouts, self.nodes, time.perf_counter() - start)
        line: list[M] = []
        node: Node[P, M] | None = root
        own = 0
        while node is not None and len(line) < 40:
            pick = self._pick(node)
            if pick is None or (pick.proven is None and pick.visits < 2 and line):
                break
            if node.to_move == me:
                own += 1
            line.append(pick.move)  # type: ignore[arg-type]
            node = pick
        proven = self._verdict(root, me)
        chances = {s: self._mean(best, i) for i, s in enumerate(self.sides)
                   if i < self.movers}
        value = {s: self._mean(root, i) for i, s in enumerate(self.sides) if i < self.movers}
        choices = tuple(sorted(
            (Choice(c.move, c.visits, self._mean(c, me), self._verdict(c, me), c.plies)
             for c in root.children if c.move is not None),
            key=lambda c: -c.visits))
        return Result(self.sides[me], best.move, self._mean(best, me),  # type: ignore[arg-type]
                      chances, value, proven, own if proven is not None else None, tuple(line),
                      choices, playouts, self.nodes, time.perf_counter() - start)

    def _verdict(self, node: Node[P, M], side: int) -> str | None:
        if node.proven is None:
            return None
        value = node.proven[side]
        return "win" if value >= WIN else "loss" if value * self.movers < WIN - 1e-9 else "draw"


def search(game: Game[P, M], position: P, limits: Limits | None = None, *, seed: int = 0,
           settings: Settings | None = None) -> Result[M]:
    """One search of ``position`` by a new :class:`Engine` (no tree kept)."""
    return Engine(game, seed=seed, settings=settings).search(position, limits)
