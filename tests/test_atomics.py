"""Atomic array operations for kernels that share memory between threads."""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import pytest
from numba import config as numba_config

from igo._atomics import add_float, compare_swap, fetch_add, store
from igo._jit import njit_noalloc

JIT_DISABLED = bool(numba_config.DISABLE_JIT)


@njit_noalloc
def _bump(a: np.ndarray, n: int) -> None:
    for _ in range(n):
        fetch_add(a, 0, 1)


@njit_noalloc
def _bump_float(a: np.ndarray, n: int) -> None:
    for _ in range(n):
        add_float(a, 0, 0.5)


@njit_noalloc
def _cas(a: np.ndarray, i: int, old: int, new: int) -> bool:
    return compare_swap(a, i, old, new)


@njit_noalloc
def _add(a: np.ndarray, i: int, v: int) -> int:
    return fetch_add(a, i, v)


@njit_noalloc
def _store(a: np.ndarray, i: int, v: int) -> None:
    store(a, i, v)


@pytest.mark.parametrize("dtype", [np.int8, np.int32, np.int64])
def test_operations_compiled_and_plain_agree(dtype: type) -> None:
    for add, cas, put in ((_add, _cas, _store), (fetch_add, compare_swap, store)):
        a = np.zeros(3, dtype)
        assert add(a, 1, 5) == 0 and add(a, 1, 2) == 5 and a[1] == 7
        assert cas(a, 2, 0, 3) and a[2] == 3
        assert not cas(a, 2, 0, 4) and a[2] == 3
        put(a, 0, 9)
        assert list(a) == [9, 7, 3]


def test_add_float_compiled_and_plain_agree() -> None:
    a = np.zeros(2)
    _bump_float(a, 3)
    add_float(a, 1, 0.25)
    add_float(a, 1, -1.0)
    assert list(a) == [1.5, -0.75]


@pytest.mark.skipif(JIT_DISABLED, reason="threads run kernels in parallel only when compiled")
@pytest.mark.parametrize(("bump", "dtype", "step"), [(_bump, np.int64, 1),
                                                     (_bump_float, np.float64, 0.5)])
def test_no_update_lost_between_threads(bump: Callable[[np.ndarray, int], None],
                                        dtype: type, step: float) -> None:
    """Four threads adding at once lose nothing (a plain ``+=`` loses updates: what a
    shared search tree's visit counts suffered before they were added atomically)."""
    n = 2_000_000
    a = np.zeros(1, dtype)
    bump(a, 10)  # compile first
    a[0] = 0
    threads = [threading.Thread(target=bump, args=(a, n)) for _ in range(4)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert a[0] == 4 * n * step


def test_atomics_reject_other_arrays() -> None:
    if JIT_DISABLED:
        pytest.skip("type checks are numba's")
    from numba.core.errors import TypingError

    with pytest.raises((TypeError, TypingError), match="1-d integer array"):
        _add(np.zeros(2), 0, 1)
    with pytest.raises((TypeError, TypingError), match="1-d float array"):
        _bump_float(np.zeros(2, np.int64), 1)
