"""The one numba decorator used by every kernel in igo.

All kernels are compiled with ``cache=True`` (compiled code is kept next to the
module, so a second process starts fast), ``nogil=True`` (kernels can run in
threads), ``fastmath=False`` (results are bit-identical to the plain-Python
references in ``tests/reference``) and numba's ``error_model="numpy"``.

Setting the environment variable ``NUMBA_DISABLE_JIT=1`` runs every kernel as
plain Python; the test-suite uses that to cover kernel code with coverage tools.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar, cast

import numba

F = TypeVar("F", bound=Callable[..., Any])

#: numba options of every igo kernel.
OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "fastmath": False,
                           "error_model": "numpy"}


def njit(func: F) -> F:
    """Compile ``func`` with igo's standard numba options."""
    return cast(F, numba.njit(**OPTIONS)(func))


def njit_noalloc(func: F) -> F:
    """:func:`njit` for kernels that never allocate (no ``np.zeros``, no lists).

    They are compiled without numba's reference-counting runtime (``_nrt=False``).
    With it, every call increfs and decrefs each array argument with an atomic
    operation: for a board state of ten arrays that is ~40 ns a call, twenty times
    the work of a legality test. A kernel compiled this way fails to compile if it
    allocates, so the option cannot silently produce wrong code.
    """
    options = {**OPTIONS, "_nrt": False}  # private numba option, absent from its stubs
    return cast(F, numba.njit(**options)(func))
