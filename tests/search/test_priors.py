"""The search's prior kernel (:func:`igo.search._prior_kernels.position_priors`) against
the Python API it claims to reproduce (:meth:`igo.movepred.model.MoveModel.probabilities`).

Both are fed the default committed model of the board size (the one
:func:`igo.search.search.nearest_default_model` gives the search), and the kernel is
called as :func:`igo.search._kernels.expand` calls it: tables from
:func:`~igo.search.priors.prior_tables`, scratch from
:func:`~igo.search.priors.prior_scratch`, ``prev1``/``prev2`` the padded points of the
last two moves (0 for a pass or no move), as :meth:`Search._root_args` computes them.
Positions: the bundled 9-dan game, the Tygem ko-fight fixture, the first shared Tygem
test game (when ``../shared/data`` is there) and seeded random games on 9x9, 13x13 and
19x19 (captures, passes, positions right after a pass).
"""

from __future__ import annotations

import lzma
from importlib.resources import files
from pathlib import Path

import numpy as np
import pytest

from igo.core.board import Board
from igo.core.coords import Point
from igo.core.record import GameRecord
from igo.core.replay import iter_positions
from igo.movepred.default import load_default, model_for
from igo.movepred.model import MoveModel
from igo.search._prior_kernels import PriorScratch, PriorTables, position_priors
from igo.search.priors import prior_scratch, prior_tables
from igo.search.search import nearest_default_model
from igo.sgf import parse_sgf, read_sgf_file

DATA = Path(__file__).resolve().parents[1] / "data" / "sgf"

# Both sides compute the same float64 scores and normalise them the same way; only
# the order of the score sum and of the normaliser may differ, a few ulps at most
# (largest difference seen: 8e-16; a wrong previous move changes priors by >1e-4).
RTOL = 1e-9
ATOL = 1e-12


class _Kernel:
    """The prior kernel set up for one board size, as :class:`Search` sets it up."""

    def __init__(self, size: int, model: MoveModel | None = None) -> None:
        self.model: MoveModel = model if model is not None else nearest_default_model(size)
        self.tables: PriorTables = prior_tables(self.model, size)
        self.scratch: PriorScratch = prior_scratch(self.tables, size)
        self.pt = np.zeros(size * size, np.int64)
        self.p = np.zeros(size * size, np.float64)

    def priors(self, board: Board, prev: tuple[int, int] | None = None
               ) -> dict[int, float]:
        """Padded point → prior of ``board.to_play`` (``prev`` overrides the history)."""
        p1, p2 = _prev(board) if prev is None else prev
        n = position_priors(board.state, int(board.to_play), board.rules.suicide, p1, p2,
                            self.tables, self.scratch, self.pt, self.p)
        assert np.all(np.diff(self.pt[:n]) > 0), "moves not in increasing padded order"
        return dict(zip(self.pt[:n].tolist(), self.p[:n].tolist(), strict=True))


def _padded(point: Point, size: int) -> int:
    return (point[0] + 1) * (size + 2) + point[1] + 1


def _prev(board: Board) -> tuple[int, int]:
    """``prev1``, ``prev2`` as :meth:`igo.search.search.Search._root_args` computes them."""
    prev = [0, 0]
    hist = board.history
    for k in (1, 2):
        if len(hist) >= k:
            p = hist[-k].point
            prev[k - 1] = 0 if p is None else _padded(p, board.size)
    return prev[0], prev[1]


def _api(model: MoveModel, board: Board) -> dict[int, float]:
    points, probs = model.probabilities(board)
    return {_padded(q, board.size): float(v) for q, v in zip(points, probs, strict=True)}


def _assert_agree(kernel: _Kernel, board: Board, where: str) -> dict[int, float]:
    ours = kernel.priors(board)
    theirs = _api(kernel.model, board)
    assert ours.keys() == theirs.keys(), (where, sorted(ours.keys() ^ theirs.keys()))
    # Every move the board allows is there (the two may also list positional-superko
    # repetitions, which the search bans at the root afterwards).
    legal = {_padded(q, board.size) for q in board.legal_moves(board.to_play)}
    assert legal <= ours.keys(), where
    if ours:
        pts = sorted(ours)
        np.testing.assert_allclose([ours[q] for q in pts], [theirs[q] for q in pts],
                                   rtol=RTOL, atol=ATOL, err_msg=where)
        assert abs(sum(ours.values()) - 1.0) < 1e-9, where
    return ours


@pytest.fixture(scope="module")
def kernels() -> dict[int, _Kernel]:
    return {size: _Kernel(size) for size in (9, 13, 19)}


@pytest.fixture(scope="module")
def own_kernels() -> dict[int, _Kernel]:
    """The kernel fed the small boards' own models, which the search no longer uses by
    default (the 19x19 model serves 9x9) but ``model=`` still can."""
    return {9: _Kernel(9, load_default(9))}


def test_the_search_uses_the_committed_default_models(kernels: dict[int, _Kernel]) -> None:
    for size, k in kernels.items():
        assert k.model is model_for(size)
    assert kernels[19].model is load_default(19) and kernels[13].model is load_default(13)
    assert kernels[9].model is load_default(19)  # measured better than the 9x9 model


@pytest.mark.parametrize(("size", "plies", "seed"), [(9, 150, 11), (9, 200, 12)])
def test_random_games_agree_with_the_own_small_board_model(
        own_kernels: dict[int, _Kernel], size: int, plies: int, seed: int) -> None:
    test_random_games_agree(own_kernels, size, plies, seed)


def _check_record(kernel: _Kernel, record: GameRecord, every: int, name: str
                  ) -> tuple[int, int]:
    """Compare at every ``every``-th position and at every ko; returns (compared, kos)."""
    compared = kos = 0
    for number, (board, _) in enumerate(iter_positions(record)):
        ko = board.ko_point is not None
        if number % every == 0 or ko or number < 3:
            _assert_agree(kernel, board, f"{name} before move {number + 1}")
            compared += 1
            kos += ko
    return compared, kos


def test_bundled_game_agrees(kernels: dict[int, _Kernel]) -> None:
    text = files("igo.data").joinpath("demo-19x19.sgf").read_text("utf-8")
    record = parse_sgf(text, source="igo/data/demo-19x19.sgf")
    compared, _ = _check_record(kernels[record.size], record, 10, "demo game")
    assert compared >= 10


def test_ko_fight_agrees(kernels: dict[int, _Kernel]) -> None:
    record = read_sgf_file(DATA / "tygem_repetition.sgf")
    compared, kos = _check_record(kernels[record.size], record, 15, "ko fight")
    assert kos >= 3 and compared >= kos


@pytest.mark.data
def test_shared_tygem_game_agrees(shared_data: Path, kernels: dict[int, _Kernel]) -> None:
    path = shared_data / "tygem9d" / "test.sgfs.xz"
    if not path.is_file():
        pytest.skip(f"{path} not found")
    with lzma.open(path, "rt", encoding="utf-8") as f:
        record = parse_sgf(f.readline(), source=str(path))
    compared, _ = _check_record(kernels[record.size], record, 12, "tygem test game 1")
    assert compared >= 5


@pytest.mark.parametrize(("size", "plies", "seed"), [(9, 150, 1), (9, 200, 2), (13, 250, 3),
                                                     (19, 400, 4)])
def test_random_games_agree(kernels: dict[int, _Kernel], size: int, plies: int,
                            seed: int) -> None:
    """Seeded random legal moves (pass now and then): compare at every 3rd ply, at
    every ko, and right after each pass (``prev1 = 0``, ``prev2`` a stone)."""
    kernel = kernels[size]
    rng = np.random.default_rng(seed)
    board = Board(size)
    after_pass = compared = 0
    for ply in range(plies):
        last = board.last_move
        passed = last is not None and last.point is None
        if ply % 3 == 0 or passed or board.ko_point is not None:
            _assert_agree(kernel, board, f"{size}x{size} seed {seed} ply {ply}")
            compared += 1
            after_pass += passed
        legal = board.legal_moves(board.to_play)
        if not legal or (rng.random() < 0.06 and board.consecutive_passes == 0):
            board.play(board.to_play, None)
        else:
            board.play(board.to_play, legal[int(rng.integers(len(legal)))])
    assert after_pass >= 1 and compared >= plies // 3
    assert sum(board.captures.values()) > 0


def _sensitive_position(size: int) -> Board:
    board = Board(size)
    rng = np.random.default_rng(7)
    for _ in range(2 * size):
        legal = board.legal_moves(board.to_play)
        board.play(board.to_play, legal[int(rng.integers(len(legal)))])
    return board


@pytest.mark.parametrize("size", [9, 19])
def test_comparison_is_sensitive_to_the_previous_moves(kernels: dict[int, _Kernel],
                                                       size: int) -> None:
    """A wrong ``prev1`` or ``prev2`` (or the history shifted as if a pass had been
    forgotten) gives priors the comparison rejects: the test can fail."""
    kernel = kernels[size]
    board = _sensitive_position(size)
    p1, p2 = _prev(board)
    assert p1 and p2
    right = kernel.priors(board)
    theirs = _api(kernel.model, board)
    pts = sorted(theirs)
    ref = np.array([theirs[q] for q in pts])
    assert np.allclose([right[q] for q in pts], ref, rtol=RTOL, atol=ATOL)
    centre = _padded(Point(size // 2, size // 2), size)
    for wrong in [(0, p2), (p1, 0), (p2, p1), (0, 0), (centre, p2)]:
        if wrong == (p1, p2):
            continue
        bad = kernel.priors(board, prev=wrong)
        assert bad.keys() == right.keys()  # same moves, other probabilities
        assert not np.allclose([bad[q] for q in pts], ref, rtol=RTOL, atol=ATOL), wrong
    # After a pass prev1 is 0 and prev2 the stone before: feeding the last stone as
    # prev1 (skipping the pass) must be caught too.
    board.play(board.to_play, None)
    _assert_agree(kernel, board, "after a pass")
    theirs = _api(kernel.model, board)
    bad = kernel.priors(board, prev=(p1, p2))
    pts = sorted(theirs)
    assert bad.keys() == theirs.keys()
    assert not np.allclose([bad[q] for q in pts], [theirs[q] for q in pts],
                           rtol=RTOL, atol=ATOL)


def test_probabilities_depend_on_the_colour_to_play(kernels: dict[int, _Kernel]) -> None:
    """Same stones, other colour to move: both sides change together."""
    kernel = kernels[9]
    board = _sensitive_position(9)
    black = _assert_agree(kernel, board, "to play as is")
    board.to_play = board.to_play.opponent
    white = _assert_agree(kernel, board, "colour flipped")
    common = sorted(black.keys() & white.keys())
    assert not np.allclose([black[q] for q in common], [white[q] for q in common])
