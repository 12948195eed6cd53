"""Comparisons of :class:`igo.core.board.Board` with the reference engine.

Each ``assert_*`` function raises ``AssertionError`` with a message naming what
differs and the board diagram, so a failing property test shows the position.
"""

from __future__ import annotations

import numpy as np

from igo.core import _kernels as K
from igo.core.board import Board
from igo.core.color import Color
from igo.core.coords import Point
from igo.core.errors import (
    IllegalMoveError,
    KoError,
    OccupiedError,
    SuicideError,
    SuperkoError,
)
from reference.rules import KO, OCCUPIED, OK, SUICIDE, SUPERKO, Coord, RefBoard

ERROR_OF_STATUS: dict[str, type[IllegalMoveError]] = {
    OCCUPIED: OccupiedError,
    KO: KoError,
    SUICIDE: SuicideError,
    SUPERKO: SuperkoError,
}


def mask_of(points: set[Coord], size: int) -> np.ndarray:
    """``(size, size)`` bool array with ``points`` set."""
    out = np.zeros((size, size), dtype=bool)
    for r, c in points:
        out[r, c] = True
    return out


def points_of(mask: np.ndarray) -> set[Coord]:
    """The set of ``(row, col)`` where ``mask`` is true."""
    return {(int(r), int(c)) for r, c in zip(*np.nonzero(mask), strict=True)}


def ref_from_board(board: Board) -> RefBoard:
    """A reference board with the same stones and rules as ``board`` (no history)."""
    ref = RefBoard(board.size, board.rules.ko, board.rules.suicide)
    arr = board.to_array()
    ref.cells = bytearray(arr.astype(np.uint8).tobytes())
    ref.history = [bytes(ref.cells)]
    return ref


def _where(board: Board, what: str) -> str:
    return f"{what}\n{board}\nmoves: {[m.to_gtp(board.size) for m in board.history]}"


def assert_same_position(board: Board, ref: RefBoard) -> None:
    """Stones, captures and ko point agree."""
    got = board.to_array()
    want = np.array(ref.grid(), dtype=np.int8)
    assert got.dtype == np.int8
    if not np.array_equal(got, want):
        diff = [(int(r), int(c)) for r, c in zip(*np.nonzero(got != want), strict=True)]
        raise AssertionError(_where(board, f"stones differ at {diff}; reference:\n{want}"))
    caps = board.captures
    assert (caps[Color.BLACK], caps[Color.WHITE]) == (ref.captures[1], ref.captures[2]), \
        _where(board, f"captures {caps} != reference {ref.captures}")
    kp = board.ko_point
    got_ko = None if kp is None else (kp.row, kp.col)
    assert got_ko == ref.ko_point(), _where(board, f"ko point {got_ko} != {ref.ko_point()}")


def assert_same_legality(board: Board, ref: RefBoard, check_errors: bool = True) -> None:
    """Legal masks, sensible masks and (optionally) the error type of every illegal
    point agree, for both colours."""
    size = board.size
    for color in (Color.BLACK, Color.WHITE):
        want = ref.legal_set(int(color))
        got = points_of(board.legal_mask(color))
        assert got == want, _where(board, f"{color!r} legal: extra {sorted(got - want)}, "
                                          f"missing {sorted(want - got)}")
        lm = board.legal_moves(color)
        assert lm == sorted(Point(*p) for p in want)
        sens_want = {p for p in want if not ref.is_eye(p, int(color))}
        sens_got = points_of(board.sensible_mask(color))
        assert sens_got == sens_want, _where(board, f"{color!r} sensible: extra "
                                                    f"{sorted(sens_got - sens_want)}, missing "
                                                    f"{sorted(sens_want - sens_got)}")
        # the same at the points legal but for superko (a feature kernel's candidates)
        cands = sorted(p for p in ref.points() if ref.status(int(color), p) in (OK, SUPERKO))
        padded = np.array([(r + 1) * (size + 2) + c + 1 for r, c in cands], dtype=np.int64)
        among = board.sensible_among(color, padded)
        assert [p for p, k in zip(cands, among, strict=True) if k] == sorted(sens_want), \
            _where(board, f"{color!r} sensible_among differs from the sensible mask")
        if not check_errors:
            continue
        for p in ref.points():
            status = ref.status(int(color), p)
            pt = Point(*p)
            if status == OK:
                assert board.is_legal(color, pt)
                continue
            err = ERROR_OF_STATUS[status]
            try:
                board.check(color, pt)
            except IllegalMoveError as exc:
                assert type(exc) is err, _where(
                    board, f"{color!r} at {pt.to_gtp(size)}: {type(exc).__name__} "
                           f"!= reference {err.__name__}")
            else:
                raise AssertionError(_where(board, f"{color!r} at {pt.to_gtp(size)} "
                                                   f"accepted, reference says {status}"))


def assert_same_strings(board: Board, ref: RefBoard) -> None:
    """Every string's stones and liberty count agree, and so does the O(1) atari
    test of the pseudo-liberty sums (:func:`igo.core._kernels.atari_point`)."""
    state = board.state
    for s in ref.strings():
        lib_set = ref.liberty_set(s)
        libs = len(lib_set)
        stones = sorted(Point(*p) for p in s)
        for p in s:
            assert board.liberties(Point(*p)) == libs, _where(board, f"liberties at {p}")
        head = int(state.head[stones[0].padded(board.size)])
        want = Point(*next(iter(lib_set))).padded(board.size) if libs == 1 else 0
        assert K.atari_point(state, head) == want, _where(board, f"atari point of {stones[0]}")
        first = stones[0]
        assert board.string_at(first) == stones, _where(board, f"string at {first}")
    for p in ref.points():
        if ref.get(p) == 0:
            assert board.liberties(Point(*p)) == 0
            assert board.string_at(Point(*p)) == []


def assert_same_area(board: Board, ref: RefBoard, dead: list[Coord], komi: float) -> None:
    """Area ownership and score agree after removing ``dead``."""
    owner = ref.area_owner(dead)
    want = np.zeros((board.size, board.size), dtype=np.int8)
    for (r, c), v in owner.items():
        want[r, c] = v
    got = board.area_ownership([Point(*p) for p in dead])
    assert np.array_equal(got, want), _where(board, f"area owner, dead={dead}:\n{got}\n{want}")
    assert board.area_score(komi, [Point(*p) for p in dead]) == ref.area_score(komi, dead)
