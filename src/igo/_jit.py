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
from typing import Any, TypeVar

import numba

F = TypeVar("F", bound=Callable[..., Any])


def njit(func: F) -> F:
    """Compile ``func`` with igo's standard numba options."""
    compiled: F = numba.njit(cache=True, nogil=True, fastmath=False, error_model="numpy")(func)
    return compiled
