"""igo's numba cache is dropped when any kernel source changes (see ``igo._jit``)."""

from __future__ import annotations

from pathlib import Path

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
