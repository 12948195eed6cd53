"""The one numba decorator used by every kernel in igo.

All kernels are compiled with ``cache=True`` (compiled code is kept next to the
module, so a second process starts fast), ``nogil=True`` (kernels can run in
threads), ``fastmath=False`` (results are bit-identical to the plain-Python
references in ``tests/reference``) and numba's ``error_model="numpy"``.

numba keys a cached kernel on its own source file only: a kernel that calls a kernel
of another module keeps the callee's *old* machine code after the callee's file
changes (seen here as heap corruption after a fix in a callee). So at import this
module hashes every kernel source of igo (``_jit.py``, every ``_*kernels.py`` and the
modules of :data:`CONSTANT_SOURCES`, whose values kernels freeze) and, when the hash
differs from the one stored beside the cache, deletes igo's cached kernels
(``*.nbi``/``*.nbc`` in igo's ``__pycache__`` folders) before anything is compiled:
:func:`drop_stale_cache`.

Inlining is LLVM's, not numba's: at import this module raises LLVM's inlining
threshold for the process (:data:`INLINE_THRESHOLD`, :func:`raise_inline_threshold`),
so that the small kernels of the hot paths (a board move, a legality test, the steps
of a playout policy) are inlined into their callers when LLVM optimizes the caller.
numba's own ``inline="always"`` did the same at the level of its IR, and took 4x
longer to compile (see :func:`njit_inline`).

Setting the environment variable ``NUMBA_DISABLE_JIT=1`` runs every kernel as
plain Python; the test-suite uses that to cover kernel code with coverage tools.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar, cast

import llvmlite.binding
import numba

F = TypeVar("F", bound=Callable[..., Any])

_PACKAGE = Path(__file__).resolve().parent
_STAMP = _PACKAGE / "__pycache__" / "numba-kernel-sources.sha256"
#: modules (not kernels) whose values kernels freeze as compile-time constants: the
#: reading kernels' ``C_*`` slots are made from :class:`ReadingConfig`'s fields
CONSTANT_SOURCES = ("tactics/reading_config.py",)


def kernel_sources_digest(package: Path = _PACKAGE) -> str:
    """SHA-256 over the paths and contents of igo's kernel sources (and of
    :data:`CONSTANT_SOURCES`)."""
    h = hashlib.sha256()
    extra = [package / f for f in CONSTANT_SOURCES if (package / f).is_file()]
    files = sorted([package / "_jit.py", *package.rglob("_*kernels.py"), *extra])
    for f in files:
        h.update(str(f.relative_to(package)).encode())
        h.update(f.read_bytes())
    return h.hexdigest()


def drop_stale_cache(package: Path = _PACKAGE) -> int:
    """Delete igo's cached kernels if any kernel source changed since they were
    written; returns the number of files deleted (0 when the cache is current or
    cannot be written, e.g. a read-only install, where numba uses its own cache)."""
    stamp = package / "__pycache__" / _STAMP.name
    try:
        digest = kernel_sources_digest(package)
        if stamp.is_file() and stamp.read_text().strip() == digest:
            return 0
        removed = 0
        for pattern in ("*.nbi", "*.nbc"):
            for f in package.rglob(f"__pycache__/{pattern}"):
                f.unlink(missing_ok=True)
                removed += 1
        stamp.parent.mkdir(exist_ok=True)
        tmp = stamp.with_suffix(f".{os.getpid()}.tmp")
        tmp.write_text(digest + "\n")
        tmp.replace(stamp)
        return removed
    except OSError:
        return 0


drop_stale_cache()

#: LLVM's inlining threshold for the kernels compiled in this process (LLVM's own at
#: -O3 is 225 to 275, numba sets none). Measured on 2026-11-29
#: (`experiments/tabu_mcts/LOG.md`, "compile time"): the search kernels' first
#: compile 198 s at 3,000, 222 s at 20,000, 256 s at 100,000, against 857 s with
#: numba's IR-level inlining; at 3,000 the policies' steps stay calls (moggy about
#: 25 % slower in two runs). At 100,000, eight alternating rounds on 9x9: heavy +8 %
#: (faster in 7 of 8), moggy -4 % (slower in 5 of 8), against numba's inlining.
INLINE_THRESHOLD = 100_000


def raise_inline_threshold(threshold: int = INLINE_THRESHOLD) -> None:
    """Set LLVM's ``-inline-threshold`` for every later compile in this process (an
    LLVM command-line option: process-wide; the last value set holds)."""
    llvmlite.binding.set_option("igo", f"-inline-threshold={threshold}")


raise_inline_threshold()

#: numba options of every igo kernel.
OPTIONS: dict[str, Any] = {"cache": True, "nogil": True, "fastmath": False,
                           "error_model": "numpy"}


def options_for(func: Callable[..., Any], **extra: Any) -> dict[str, Any]:
    """igo's numba options for ``func``. A kernel defined outside igo's package (a
    benchmark's or a test's loop over igo's kernels) is compiled without the disk
    cache: its cache would sit outside igo's ``__pycache__`` folders, where
    :func:`drop_stale_cache` cannot see it, and keep the machine code of igo's
    kernels as they were when it was written (a benchmark would time old code)."""
    inside = getattr(func, "__module__", "").split(".")[0] == _PACKAGE.name
    return {**OPTIONS, **extra, "cache": inside}


def njit(func: F) -> F:
    """Compile ``func`` with igo's standard numba options."""
    return cast(F, numba.njit(**options_for(func))(func))


def njit_noalloc(func: F) -> F:
    """:func:`njit` for kernels that never allocate (no ``np.zeros``, no lists).

    They are compiled without numba's reference-counting runtime (``_nrt=False``).
    With it, every call increfs and decrefs each array argument with an atomic
    operation: for a board state of ten arrays that is ~40 ns a call, twenty times
    the work of a legality test. A kernel compiled this way fails to compile if it
    allocates, so the option cannot silently produce wrong code.
    """
    options = options_for(func, _nrt=False)  # private numba option, absent from its stubs
    return cast(F, numba.njit(**options)(func))


def njit_inline(func: F) -> F:
    """:func:`njit_noalloc` for kernels on the hottest paths (a board move, a
    legality test, the steps of a playout policy), which must be inlined into their
    callers: a call that is not inlined passes every array of a board state as its
    seven fields (pointer, shape, strides, ...), measured on this project's machine
    (2026-11-28) at about 33 ns for a board state, 53 ns for a state and a reading
    stack, 95 ns for a state and the moggy policy's scratch, against 10 ns for two
    plain arrays. The moggy policy made a dozen such calls a move; inlining its steps
    took its move from 2.4 to 1.3 us (`experiments/tabu_mcts/LOG.md`, "cost").

    LLVM inlines them, with the threshold this module raises: numba's
    ``inline="always"`` (inlining in numba's IR, used until 2026-11-29) gave the
    same playouts but spent most of the first compile re-analysing the grown IR
    (857 s for the search kernels, 292 s of it in one inlining pass of
    ``_playout``; 256 s with LLVM's inliner). The options are :func:`njit_noalloc`'s;
    the name marks the kernels whose inlining matters."""
    options = options_for(func, _nrt=False)
    return cast(F, numba.njit(**options)(func))
