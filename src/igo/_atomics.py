"""Atomic operations on array elements for numba kernels that share memory between threads.

Numba has no atomics on the CPU. These helpers emit LLVM's ``atomicrmw`` / ``cmpxchg``
(sequentially consistent, so they are also compiler and CPU barriers) on one element of
a one-dimensional integer array:

- :func:`fetch_add` ``(a, i, v)``: ``a[i] += v``, returns the old value;
- :func:`compare_swap` ``(a, i, old, new)``: ``a[i] = new`` if ``a[i] == old``, returns
  whether it did;
- :func:`store` ``(a, i, v)``: ``a[i] = v`` published after every earlier write;
- :func:`add_float` ``(a, i, v)``: ``a[i] += v`` on a float array (LLVM's ``fadd``,
  a compare-and-swap loop on x86), so that threads sharing a search tree lose no
  visit or win to an update made at once.

Each is a plain Python function (used as is when ``NUMBA_DISABLE_JIT=1``, under a lock)
with a numba overload for compiled callers, so kernels call them the same way in both
modes.
"""

from __future__ import annotations

import threading
from typing import Any

import numpy as np
from numba import types
from numba.core import cgutils
from numba.extending import intrinsic, overload

_PYTHON_LOCK = threading.Lock()  # for the plain-Python versions only


def fetch_add(a: np.ndarray, i: int, v: int) -> int:
    """``a[i] += v`` atomically; the value before."""
    with _PYTHON_LOCK:
        old = int(a[i])
        a[i] = old + v
    return old


def compare_swap(a: np.ndarray, i: int, old: int, new: int) -> bool:
    """``a[i] = new`` if ``a[i] == old``, atomically; whether it was swapped."""
    with _PYTHON_LOCK:
        if int(a[i]) != old:
            return False
        a[i] = new
    return True


def store(a: np.ndarray, i: int, v: int) -> None:
    """``a[i] = v`` after every write before it (a release store)."""
    with _PYTHON_LOCK:
        a[i] = v


def add_float(a: np.ndarray, i: int, v: float) -> None:
    """``a[i] += v`` atomically on a float array."""
    with _PYTHON_LOCK:
        a[i] += v


def _element_pointer(context: Any, builder: Any, aryty: Any, ary: Any, idxty: Any,
                     idx: Any) -> Any:
    arr = context.make_array(aryty)(context, builder, ary)
    index = context.cast(builder, idx, idxty, types.intp)
    return cgutils.get_item_pointer(context, builder, aryty, arr, [index],
                                    wraparound=False)


def _check(aryty: Any, kind: type = types.Integer) -> None:
    if not (isinstance(aryty, types.Array) and aryty.ndim == 1
            and isinstance(aryty.dtype, kind)):
        name = "integer" if kind is types.Integer else "float"
        raise TypeError(f"atomics need a 1-d {name} array, got {aryty}")


def _read_modify_write(op: str, kind: type = types.Integer) -> Any:
    """An intrinsic ``(a, i, v)`` doing LLVM's ``atomicrmw op`` on ``a[i]``; it
    returns the value before."""

    def typer(typingctx: Any, a: Any, i: Any, v: Any) -> Any:
        _check(a, kind)
        sig = a.dtype(a, i, v)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            aryty, idxty, valty = signature.args
            ptr = _element_pointer(context, builder, aryty, args[0], idxty, args[1])
            val = context.cast(builder, args[2], valty, aryty.dtype)
            return builder.atomic_rmw(op, ptr, val, "seq_cst")

        return sig, codegen

    return intrinsic(typer)


_fetch_add = _read_modify_write("add")
_exchange = _read_modify_write("xchg")
_add_float = _read_modify_write("fadd", types.Float)


def _compare_swap_typer(typingctx: Any, a: Any, i: Any, old: Any, new: Any) -> Any:
    _check(a)
    sig = types.boolean(a, i, old, new)

    def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
        aryty, idxty, oldty, newty = signature.args
        ptr = _element_pointer(context, builder, aryty, args[0], idxty, args[1])
        cmp = context.cast(builder, args[2], oldty, aryty.dtype)
        val = context.cast(builder, args[3], newty, aryty.dtype)
        pair = builder.cmpxchg(ptr, cmp, val, "seq_cst", "seq_cst")
        return builder.extract_value(pair, 1)

    return sig, codegen


_compare_swap: Any = intrinsic(_compare_swap_typer)


@overload(fetch_add, inline="always")
def _ov_fetch_add(a: Any, i: Any, v: Any) -> Any:
    def impl(a: Any, i: Any, v: Any) -> Any:
        return _fetch_add(a, i, v)

    return impl


@overload(compare_swap, inline="always")
def _ov_compare_swap(a: Any, i: Any, old: Any, new: Any) -> Any:
    def impl(a: Any, i: Any, old: Any, new: Any) -> Any:
        return _compare_swap(a, i, old, new)

    return impl


@overload(store, inline="always")
def _ov_store(a: Any, i: Any, v: Any) -> Any:
    def impl(a: Any, i: Any, v: Any) -> None:
        _exchange(a, i, v)

    return impl


@overload(add_float, inline="always")
def _ov_add_float(a: Any, i: Any, v: Any) -> Any:
    def impl(a: Any, i: Any, v: Any) -> None:
        _add_float(a, i, v)

    return impl
