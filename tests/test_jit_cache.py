"""igo's numba cache is dropped when any kernel source changes (see ``igo._jit``)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from igo._jit import drop_stale_cache, kernel_sources_digest


def test_stale_cache_is_dropped_when_a_kernel_source_changes(tmp_path: Path) -> None:
    pkg = tmp_path / "pkg"
    (pkg / "core" / "__pycache__").mkdir(parents=True)
    (pkg / "__pycache__").mkdir()
    (pkg / "_jit.py").write_text("x = 1\n")
    kernel = pkg / "core" / "_kernels.py"
    kernel.write_text("def f(): return 1\n")
    cached = pkg / "core" / "__pycache__" / "_kernels.f-1.py311.nbi"
    cached.write_text("index")
    assert drop_stale_cache(pkg) == 1 and not cached.exists()  # no stamp yet
    cached.write_text("index")
    assert drop_stale_cache(pkg) == 0 and cached.exists()  # sources unchanged
    before = kernel_sources_digest(pkg)
    kernel.write_text("def f(): return 2\n")
    assert kernel_sources_digest(pkg) != before
    assert drop_stale_cache(pkg) == 1 and not cached.exists()


def test_stale_cache_is_dropped_when_a_constant_source_changes(tmp_path: Path) -> None:
    """The reading kernels freeze the slots of ReadingConfig's fields: a change of the
    fields must drop the cached kernels though no kernel source changed."""
    from igo._jit import CONSTANT_SOURCES

    pkg = tmp_path / "pkg"
    (pkg / "__pycache__").mkdir(parents=True)
    (pkg / "_jit.py").write_text("x = 1\n")
    source = pkg / CONSTANT_SOURCES[0]
    source.parent.mkdir(parents=True)
    source.write_text("a = 1\n")
    cached = pkg / "__pycache__" / "_kernels.f-1.py311.nbi"
    cached.write_text("index")
    drop_stale_cache(pkg)
    cached.write_text("index")
    assert drop_stale_cache(pkg) == 0 and cached.exists()
    source.write_text("a = 2\n")
    assert drop_stale_cache(pkg) == 1 and not cached.exists()


def test_kernels_outside_the_package_are_not_cached_on_disk() -> None:
    """A benchmark's kernel cached beside the benchmark would keep old copies of
    igo's kernels that drop_stale_cache never sees."""
    from igo import _jit
    from igo.core import _kernels

    def outside() -> int:
        return 1

    outside.__module__ = "bench_something"
    assert _jit.options_for(outside)["cache"] is False
    assert _jit.options_for(_kernels.play.py_func)["cache"] is True
    assert _jit.options_for(outside, inline="always")["inline"] == "always"


INLINE_PROBE = """
import sys
from igo import _jit

if sys.argv[1] != "default":
    _jit.raise_inline_threshold(int(sys.argv[1]))


def callee(a, p):  # too big for LLVM's own threshold (275 at -O3)
    m = a.shape[0]
    n = 0
""" + "".join(f"""    if a[(p + {i}) % m] == {i % 3}:
        n += a[(p * {i + 1}) % m] - a[(p + {2 * i}) % m]
    else:
        n ^= a[(p + {3 * i}) % m]
""" for i in range(40)) + """    return n


def caller(a, n):
    t = 0
    for i in range(n):
        t += callee(a, i)
    return t


callee = _jit.njit_inline(callee)
caller = _jit.njit_noalloc(caller)
import numpy as np
caller(np.arange(50), 10)
ir = caller.inspect_llvm(caller.signatures[0])
print(sum(1 for line in ir.splitlines() if " call " in line and "callee" in line))
"""


@pytest.mark.slow
def test_llvm_inlines_the_hot_kernels(tmp_path: Path) -> None:
    """igo raises LLVM's inlining threshold at import, so that a kernel too big for
    LLVM's default is inlined into its caller (no call left in the caller's IR); with
    the threshold put back to LLVM's -O3 value the same kernel stays a call."""
    probe = tmp_path / "probe.py"
    probe.write_text(INLINE_PROBE)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}

    def calls(threshold: str) -> int:
        out = subprocess.run([sys.executable, str(probe), threshold], env=env,
                             capture_output=True, text=True, check=True)
        return int(out.stdout.split()[-1])

    assert calls("default") == 0
    assert calls("275") == 1
