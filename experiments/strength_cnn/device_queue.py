"""The paper's CNN runs, most needed first, a few at a time on one device (resumable).

    python device_queue.py --runs cache/runs --cache cache/boards --device auto --workers 3
    python device_queue.py --list                      # the jobs and their state
    python device_queue.py --report-partial            # result.json of stopped runs

Each job is one ``run_cnn.py`` command (its own process: the nets are tiny, batch 250, so
one process cannot keep a GPU busy; a few share it). A job whose ``result.json`` has
reached its iterations is skipped; any other goes on from its checkpoint. The state of
every job is written to ``STATUS`` (JSON) as it changes.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
IT = 30000


def _name(colour: str, n: int, iterations: int = IT, task: str = "regression",
          seed: int = 0, arch: str = "paper") -> str:
    return f"{arch}-{task}-{colour}-N{n}-it{iterations}-s{seed}"


def _job(colour: str, n: int, iterations: int = IT, task: str = "regression",
         seed: int = 0, extra: tuple[str, ...] = (), arch: str = "paper"
         ) -> tuple[str, list[str]]:
    args = ["--colour", colour, "--n", str(n), "--iterations", str(iterations),
            "--seed", str(seed)]
    if task == "classes":
        args += ["--task", "classes", "--lr", "0.01"]
    return _name(colour, n, iterations, task, seed, arch), args + list(extra)


PADDED = ("--arch", "padded", "--optimizer", "adam", "--lr", "0.001", "--augment")

#: (name, run_cnn.py arguments), in priority order
JOBS: list[tuple[str, list[str]]] = [
    _job("B", 50),                                   # Table 4, Fig. 4, CNN-R (Table 5)
    _job("W", 50),
    _job("B", 50, task="classes"),                   # CNN-C (Table 5)
    _job("W", 50, task="classes"),
    _job("B", 2), _job("W", 2), _job("B", 26), _job("W", 26),
    _job("B", 76), _job("B", 100),                   # the paper's failures (section 6.1)
    *[_job("B", 50, 1000, seed=s) for s in range(10)],    # Fig. 3
    _job("B", 50, 10000, extra=PADDED, arch="padded"),    # ours: padded CNN, Adam, symmetries
    _job("W", 50, 10000, extra=PADDED, arch="padded"),
    _job("W", 76), _job("W", 100),                   # extras, if time remains:
    *[_job("B", 50, seed=s) for s in range(1, 5)],   # the spread of the 30,000-it. result
    _job("B", 26, task="classes"), _job("W", 26, task="classes"),
    *[_job("W", 50, 1000, seed=s) for s in range(10)],    # Fig. 3 for White
]


def state(runs: Path, name: str, args: list[str]) -> tuple[str, int]:
    """``done``, ``partial`` (a checkpoint) or ``todo``, and the iteration reached."""
    d = runs / name
    target = int(args[args.index("--iterations") + 1])
    if (d / "result.json").exists():
        r = json.loads((d / "result.json").read_text())
        if int(r.get("reached", 0)) >= target:
            return "done", int(r["reached"])
    if (d / "checkpoint.pt").exists():
        import torch

        try:
            it = int(torch.load(d / "checkpoint.pt", weights_only=False,
                                map_location="cpu")["it"])
        except Exception:  # a checkpoint being written: next time
            it = -1
        return "partial", it
    return "todo", 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--runs", default=str(HERE / "cache" / "runs"))
    ap.add_argument("--cache", default=str(HERE / "cache" / "boards"))
    ap.add_argument("--device", default="auto")
    ap.add_argument("--workers", type=int, default=3)
    ap.add_argument("--status", default=None, help="JSON state file (default RUNS/status.json)")
    ap.add_argument("--logs", default=None, help="per-job logs (default RUNS/../logs)")
    ap.add_argument("--only", default=None, help="comma-separated job names")
    ap.add_argument("--max-iterations", type=int, default=None,
                    help="testing: stop every job at this iteration (--stop-at)")
    ap.add_argument("--list", action="store_true")
    ap.add_argument("--report-partial", action="store_true",
                    help="write result.json of every partial run from its checkpoint")
    a = ap.parse_args()
    runs = Path(a.runs)
    runs.mkdir(parents=True, exist_ok=True)
    logs = Path(a.logs) if a.logs else runs.parent / "logs"
    logs.mkdir(parents=True, exist_ok=True)
    status_path = Path(a.status) if a.status else runs / "status.json"
    jobs = [j for j in JOBS if a.only is None or j[0] in a.only.split(",")]
    if a.list:
        for name, args in jobs:
            print(name, *state(runs, name, args))
        return
    base = [sys.executable, str(HERE / "run_cnn.py"), "--cache", a.cache, "--runs",
            str(runs), "--device", a.device, "--resident", "--no-progress"]
    if a.report_partial:
        for name, args in jobs:
            st, it = state(runs, name, args)
            if st == "partial":
                print(name, it, flush=True)
                subprocess.run([*base, *args, "--stop-at", "0"], check=False)
        return
    pending = [(n, args) for n, args in jobs if state(runs, n, args)[0] != "done"]
    running: dict[str, tuple[subprocess.Popen[bytes], float]] = {}
    status: dict[str, dict[str, object]] = {n: {"state": state(runs, n, args)[0]}
                                            for n, args in jobs}
    t_start = time.time()

    def write() -> None:
        tmp = status_path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"elapsed_s": round(time.time() - t_start, 1),
                                   "jobs": status}, indent=1))
        os.replace(tmp, status_path)

    while pending or running:
        while pending and len(running) < a.workers:
            name, args = pending.pop(0)
            extra = ["--stop-at", str(a.max_iterations)] if a.max_iterations else []
            with open(logs / f"{name}.log", "ab") as log:
                p = subprocess.Popen([*base, *args, *extra], stdout=log,
                                     stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
            running[name] = (p, time.time())
            status[name] = {"state": "running", "started_s": round(time.time() - t_start, 1)}
            print(f"[{time.time() - t_start:7.1f}s] start {name}", flush=True)
        write()
        time.sleep(2.0)
        for name, (p, t0) in list(running.items()):
            rc = p.poll()
            if rc is None:
                continue
            del running[name]
            st, it = state(runs, name, dict(jobs)[name])
            status[name] = {"state": st if rc == 0 else f"failed rc={rc}", "reached": it,
                            "wall_s": round(time.time() - t0, 1)}
            print(f"[{time.time() - t_start:7.1f}s] end {name} rc={rc} "
                  f"({time.time() - t0:.1f}s)", flush=True)
    write()
    print(f"all done in {time.time() - t_start:.1f}s", flush=True)


if __name__ == "__main__":
    main()
