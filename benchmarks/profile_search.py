"""Where a search's CPU time goes, kernel by kernel: ``perf`` on igo's numba code.

``perf`` sees numba's machine code as anonymous memory. This script captures the object
code numba loads for each kernel library (through numba's object-cache hook, a private
API of numba 0.6x), reads its symbols with ``nm``, writes ``/tmp/perf-PID.map`` for them,
and samples the search with ``perf record``; ``perf report`` then names the kernels. With
full inlining (igo's default) nearly everything is one symbol, ``run_iterations``; set
``--inline-threshold 120`` to keep the kernels apart, which inflates the share of small
kernels by their call cost; cached kernels keep the threshold they were compiled with, so
run it then on a copy of ``src/`` without its kernel cache (``PYTHONPATH=COPY/src``; a
fresh compile, minutes). Run it on a quiet machine; it
needs ``perf`` and ``nm`` (binutils) and the rights to attach to a process.

Usage: ``python benchmarks/profile_search.py [--size 9] [--seconds 20] [--option k=v ...]``

Found with it (2026-11-29): 8.8 % of a heavy 9x9 search in ``NRT_incref``/``NRT_decref``
from the search loop's reference counting, 0.9 % once the loop was compiled without it
(``experiments/tabu_mcts/LOG.md``, "Why equal time follows the playouts a second").
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import numba.core.codegen as codegen

#: object code of each numba library loaded or compiled in this process
OBJECTS: dict[int, bytes] = {}


def _capture_objects() -> None:
    """Keep a copy of every object file numba compiles or loads from its cache."""
    lib_cls: Any = codegen.CPUCodeLibrary
    loaded = lib_cls._object_getbuffer_hook.__func__
    compiled = lib_cls._object_compiled_hook.__func__

    def on_load(cls: Any, ll_module: Any) -> Any:
        buf = loaded(cls, ll_module)
        if buf:
            OBJECTS[id(ll_module)] = bytes(buf)
        return buf

    def on_compile(cls: Any, ll_module: Any, buf: Any) -> Any:
        OBJECTS[id(ll_module)] = bytes(buf)
        return compiled(cls, ll_module, buf)

    lib_cls._object_getbuffer_hook = classmethod(on_load)
    lib_cls._object_compiled_hook = classmethod(on_compile)


def _symbols(obj: bytes, workdir: Path) -> list[tuple[int, int, str, str]]:
    path = workdir / f"lib{len(list(workdir.iterdir()))}.o"
    path.write_bytes(obj)
    out = subprocess.run(["nm", "-S", "--defined-only", str(path)], capture_output=True,
                         text=True, check=True).stdout
    syms = []
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            syms.append((int(parts[0], 16), int(parts[1], 16), parts[3], parts[2]))
    return syms


def write_perf_map(engine: Any) -> int:
    """Write ``/tmp/perf-PID.map`` for the captured libraries; returns the symbols."""
    lines = []
    with tempfile.TemporaryDirectory() as tmp:
        for obj in OBJECTS.values():
            syms = _symbols(obj, Path(tmp))
            base = None
            for off, _, name, kind in syms:  # one exported symbol locates the library
                if kind == "T" and (addr := engine.get_function_address(name)):
                    base = addr - off
                    break
            if base is not None:
                lines += [f"{base + off:x} {size:x} {name}" for off, size, name, _ in syms]
    Path(f"/tmp/perf-{os.getpid()}.map").write_text("\n".join(lines) + "\n")
    return len(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=9)
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--option", action="append", default=[],
                        help="a search option, key=value (e.g. policy=moggy)")
    parser.add_argument("--inline-threshold", type=int, default=0,
                        help="LLVM's inlining threshold (0: igo's default); "
                        "needs an empty kernel cache")
    parser.add_argument("--top", type=int, default=30)
    args = parser.parse_args()
    for tool in ("perf", "nm"):
        if shutil.which(tool) is None:
            sys.exit(f"profile_search: {tool} is not installed")
    _capture_objects()
    from igo import _jit

    if args.inline_threshold:
        _jit.raise_inline_threshold(args.inline_threshold)
    from igo.core.board import Board
    from igo.search import _kernels as K
    from igo.search.config import preset
    from igo.search.search import Search

    options = dict(o.split("=", 1) for o in args.option)
    cfg = preset("strong").with_options(**options)
    start = time.perf_counter()
    Search(Board(args.size), 7.0, cfg, seed=0).run(playouts=50)  # compile or load
    print(f"kernels ready in {time.perf_counter() - start:.1f} s", file=sys.stderr)
    dispatcher: Any = K.run_iterations  # numba's dispatcher
    library = next(iter(dispatcher.overloads.values())).library
    n = write_perf_map(library._codegen._engine)
    print(f"{n} symbols in /tmp/perf-{os.getpid()}.map", file=sys.stderr)
    data = Path(tempfile.mkdtemp()) / "perf.data"
    perf = subprocess.Popen(["perf", "record", "-F", "999", "-p", str(os.getpid()), "-o",
                             str(data), "--", "sleep", str(args.seconds)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    done = threading.Event()

    def search() -> None:
        while not done.is_set():
            Search(Board(args.size), 7.0, cfg, seed=1).run(seconds=2.0)

    worker = threading.Thread(target=search, daemon=True)
    worker.start()
    _, err = perf.communicate()
    done.set()
    worker.join()
    if perf.returncode != 0:
        sys.exit(f"profile_search: perf record failed ({perf.returncode}): {err.strip()}")
    report = subprocess.run(["perf", "report", "-i", str(data), "--no-children", "--sort",
                             "sym", "--stdio"], capture_output=True, text=True).stdout
    rows = [r for r in report.splitlines() if r.strip() and not r.startswith("#")]
    for row in rows[:args.top]:
        print(row[:160])


if __name__ == "__main__":
    main()
