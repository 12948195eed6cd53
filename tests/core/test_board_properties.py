"""Property tests: random games played on :class:`Board` and on the reference engine
(``tests/reference/rules.py``) agree on every position, capture count, ko point,
legal-move set (both colours), sensible-move set, error type of every illegal point,
string, liberty count and area score; undo, copy and hashing behave.

Games are driven by a numpy generator seeded by hypothesis, which also picks the
board size (2-25) and the rules (simple / positional ko, suicide on / off). Besides
legal moves the driver passes, undoes, plays the same colour twice, tries illegal
moves, copies the board and puts down setup stones.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import IllegalMoveError, UndoError
from igo.core.move import Move
from igo.core.rules import Ruleset
from reference.compare import (
    ERROR_OF_STATUS,
    assert_same_area,
    assert_same_legality,
    assert_same_position,
    assert_same_strings,
)
from reference.rules import OK, Coord, RefBoard

RULES = st.builds(Ruleset, ko=st.sampled_from(["simple", "positional"]), suicide=st.booleans())
SEEDS = st.integers(0, 2**32 - 1)
BASE = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])


@dataclass
class Game:
    """A board and the reference engine driven together."""

    board: Board
    ref: RefBoard
    rng: np.random.Generator
    hash_of: dict[bytes, int] = field(default_factory=dict)
    pos_of: dict[int, bytes] = field(default_factory=dict)
    log: list[str] = field(default_factory=list)
    moves: list[Move] = field(default_factory=list)
    kinds: list[str] = field(default_factory=list)  # "move" / "setup", for undo
    depth: int = 0  # forks of forks are not made

    @classmethod
    def new(cls, size: int, rules: Ruleset, seed: int) -> Game:
        return cls(Board(size, rules), RefBoard(size, rules.ko, rules.suicide),
                   np.random.default_rng(seed))

    # -------------------------------------------------------------- checks
    def check_hash(self) -> None:
        pos = bytes(self.ref.cells)
        h = self.board.hash
        assert self.hash_of.setdefault(pos, h) == h, f"same position, new hash: {self.log}"
        assert self.pos_of.setdefault(h, pos) == pos, f"hash collision: {self.log}"

    def check(self, full: bool = True) -> None:
        b, r = self.board, self.ref
        assert_same_position(b, r)
        self.check_hash()
        assert b.history == self.moves and b.move_number == len(self.moves)
        passes = 0
        for m in reversed(self.moves):
            if m.point is not None:
                break
            passes += 1
        assert b.consecutive_passes == passes
        if full:
            assert_same_legality(b, r, check_errors=b.size <= 13)
            assert_same_strings(b, r)

    def random_point(self, points: set[Coord]) -> Coord:
        pts = sorted(points)
        return pts[int(self.rng.integers(len(pts)))]

    # -------------------------------------------------------------- actions
    def play(self, color: int, p: Coord | None) -> None:
        self.log.append(f"play {color} {p}")
        got = self.board.play(Color(color), None if p is None else Point(*p))
        want = self.ref.play(color, p)
        assert got == want, f"removed {got} != reference {want}: {self.log}"
        self.moves.append(Move(Color(color), None if p is None else Point(*p)))
        self.kinds.append("move")
        assert self.board.to_play == Color(3 - color)
        assert self.board.last_move is not None
        assert self.board.last_move.point == (None if p is None else Point(*p))

    def undo(self) -> None:
        self.log.append("undo")
        self.board.undo()
        self.ref.undo()
        if self.kinds.pop() == "move":
            self.moves.pop()
        # the (position -> hash) map checks the restored hash in check()

    def try_illegal(self, color: int) -> None:
        illegal = [p for p in self.ref.points() if self.ref.status(color, p) != OK]
        if not illegal:
            return
        p = self.random_point(set(illegal))
        status = self.ref.status(color, p)
        before = (self.board.to_array(), self.board.hash, self.board.move_number,
                  self.board.ko_point, self.board.to_play)
        with pytest.raises(ERROR_OF_STATUS[status]):
            self.board.play(Color(color), Point(*p))
        after = (self.board.to_array(), self.board.hash, self.board.move_number,
                 self.board.ko_point, self.board.to_play)
        assert np.array_equal(before[0], after[0]) and before[1:] == after[1:]

    def try_copy(self, color: int) -> None:
        """Play on a copy: the original does not change; undo on the copy restores it."""
        orig = self.board
        arr, h, n, hist = orig.to_array(), orig.hash, orig.move_number, orig.history
        masks = orig.legal_mask(Color.BLACK), orig.legal_mask(Color.WHITE)
        other = orig.copy()
        legal = self.ref.legal_set(color)
        if legal:
            other.play(Color(color), Point(*self.random_point(legal)))
        else:
            other.play(Color(color), None)
        other.play(Color(3 - color), None)
        assert np.array_equal(orig.to_array(), arr) and orig.hash == h
        assert orig.move_number == n and orig.history == hist
        assert np.array_equal(orig.legal_mask(Color.BLACK), masks[0])
        assert np.array_equal(orig.legal_mask(Color.WHITE), masks[1])
        other.undo()
        other.undo()
        assert np.array_equal(other.to_array(), arr) and other.hash == h
        assert other.history == hist
        if self.depth == 0 and self.rng.random() < 0.3:
            self.fork()
        # the original still undoes independently of the copy's history
        if self.kinds:
            probe = orig.copy()
            probe.undo()
            assert probe.move_number == n - (self.kinds[-1] == "move")
            assert orig.move_number == n and orig.hash == h

    def fork(self) -> None:
        """Play a few steps (undos included) on a copy and its reference; then the
        original must still agree with its own reference."""
        sub = Game(self.board.copy(), self.ref.copy(),
                   np.random.default_rng(int(self.rng.integers(2**32))),
                   dict(self.hash_of), dict(self.pos_of), list(self.log), list(self.moves),
                   list(self.kinds), depth=1)
        for _ in range(6):
            if sub.kinds and sub.rng.random() < 0.4:
                sub.undo()
            else:
                sub.step()
            sub.check()
        self.check()

    def setup(self) -> None:
        empty = [p for p in self.ref.points() if self.ref.get(p) == 0]
        if not empty:
            return
        k = int(self.rng.integers(1, min(4, len(empty)) + 1))
        idx = self.rng.choice(len(empty), size=k, replace=False)
        pts = [empty[int(i)] for i in idx]
        if self.rng.random() < 0.5:
            color = int(self.rng.integers(1, 3))
            self.log.append(f"place {color} {pts}")
            self.board.place(Color(color), [Point(*p) for p in pts])
            self.ref.place(color, pts)
        else:
            black, white = pts[: k // 2], pts[k // 2:]
            self.log.append(f"setup {black} {white}")
            self.board.setup([Point(*p) for p in black], [Point(*p) for p in white])
            self.ref.setup(black, white)
        self.kinds.append("setup")

    def check_area(self) -> None:
        stones = [p for p in self.ref.points() if self.ref.get(p) != 0]
        dead: list[Coord] = []
        if stones and self.rng.random() < 0.7:
            # whole strings (the usual case) and, sometimes, a stray stone
            strings = self.ref.strings()
            for i in self.rng.choice(len(strings), size=min(2, len(strings)), replace=False):
                dead.extend(sorted(strings[int(i)]))
            if self.rng.random() < 0.3:
                dead.append(stones[int(self.rng.integers(len(stones)))])
        komi = float(self.rng.choice([0.0, 0.5, 6.5, 7.5]))
        assert_same_area(self.board, self.ref, sorted(set(dead)), komi)

    def step(self) -> None:
        color = int(self.board.to_play)
        x = self.rng.random()
        if x < 0.06:
            self.play(color, None)
        elif x < 0.11:
            if self.kinds:
                self.undo()
        elif x < 0.14:
            self.try_illegal(color)
        elif x < 0.17:
            self.try_copy(color)
        elif x < 0.19:
            self.setup()
        else:
            if x < 0.27:
                color = 3 - color  # the same colour again (GTP allows it)
            legal = self.ref.legal_set(color)
            self.play(color, self.random_point(legal) if legal else None)
        if self.rng.random() < 0.1:
            self.check_area()


def run_game(size: int, rules: Ruleset, seed: int, steps: int) -> None:
    game = Game.new(size, rules, seed)
    game.check()
    if game.rng.random() < 0.3:
        game.setup()  # a game that starts from setup stones (handicap, SGF AB/AW)
        game.check()
    for _ in range(steps):
        game.step()
        game.check()
    # unwind everything: every earlier position comes back with its hash
    while game.kinds:
        game.undo()
        game.check(full=False)
    with pytest.raises(UndoError):
        game.board.undo()
    assert game.board.hash == 0 and not game.board.to_array().any()


@settings(BASE, max_examples=40)
@given(size=st.integers(2, 7), rules=RULES, seed=SEEDS)
def test_random_games_small_boards(size: int, rules: Ruleset, seed: int) -> None:
    run_game(size, rules, seed, steps=4 * size * size + 20)


@settings(BASE, max_examples=10)
@given(size=st.integers(8, 13), rules=RULES, seed=SEEDS)
def test_random_games_medium_boards(size: int, rules: Ruleset, seed: int) -> None:
    run_game(size, rules, seed, steps=60)


@settings(BASE, max_examples=3)
@given(size=st.integers(14, 25), rules=RULES, seed=SEEDS)
def test_random_games_large_boards(size: int, rules: Ruleset, seed: int) -> None:
    run_game(size, rules, seed, steps=25)


@settings(BASE, max_examples=25)
@given(size=st.integers(2, 5), rules=RULES, seed=SEEDS)
def test_long_games_repeat_positions(size: int, rules: Ruleset, seed: int) -> None:
    """Long games on tiny boards: many captures, kos, suicides and (under simple ko)
    repeated positions; superko must keep positional games cycle-free."""
    game = Game.new(size, rules, seed)
    seen: set[bytes] = {bytes(game.ref.cells)}
    for _ in range(12 * size * size):
        color = int(game.board.to_play)
        legal = game.ref.legal_set(color)
        p = game.random_point(legal) if legal and game.rng.random() < 0.95 else None
        game.play(color, p)
        game.check(full=False)
        pos = bytes(game.ref.cells)
        if rules.ko == "positional" and p is not None:
            assert pos not in seen, f"positional superko repeated a position: {game.log}"
        seen.add(pos)
    assert_same_legality(game.board, game.ref)


@settings(BASE, max_examples=30)
@given(size=st.integers(2, 9), rules=RULES, seed=SEEDS)
def test_undo_restores_every_earlier_state(size: int, rules: Ruleset, seed: int) -> None:
    """Snapshots taken along a game equal the board after undoing back to them."""
    game = Game.new(size, rules, seed)
    snaps = []
    for _ in range(3 * size * size):
        b = game.board
        snaps.append((b.to_array(), b.hash, b.captures, b.ko_point, b.to_play, b.history,
                      b.legal_mask(b.to_play)))
        color = int(b.to_play)
        legal = game.ref.legal_set(color)
        game.play(color, game.random_point(legal) if legal else None)
    for snap in reversed(snaps):
        game.board.undo()
        b = game.board
        now = (b.to_array(), b.hash, b.captures, b.ko_point, b.to_play, b.history,
               b.legal_mask(b.to_play))
        assert np.array_equal(now[0], snap[0]) and np.array_equal(now[6], snap[6])
        assert now[1:6] == snap[1:6]


@settings(BASE, max_examples=40)
@given(size=st.integers(2, 9), seed=SEEDS)
def test_illegal_moves_leave_board_unchanged(size: int, seed: int) -> None:
    """Every illegal point of a random position raises and changes nothing."""
    game = Game.new(size, Ruleset("positional", False), seed)
    for _ in range(2 * size * size):
        color = int(game.board.to_play)
        legal = game.ref.legal_set(color)
        game.play(color, game.random_point(legal) if legal else None)
    b = game.board
    before = (b.to_array(), b.hash, b.history, b.captures, b.ko_point, b.to_play)
    for color in (1, 2):
        for p in game.ref.points():
            if game.ref.status(color, p) != OK:
                with pytest.raises(IllegalMoveError):
                    b.play(Color(color), Point(*p))
    after = (b.to_array(), b.hash, b.history, b.captures, b.ko_point, b.to_play)
    assert np.array_equal(before[0], after[0]) and before[1:] == after[1:]
