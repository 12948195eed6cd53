"""Issue 24: analysis left running, as Lizzie, Sabaki and KaTrain run it.

Starts ``igo gtp`` (its defaults: one thread per core, the default tree budget unless
``--max-tree-mb`` is given), sends ``lz-analyze`` right away and reads its lines for
``--seconds``; every line's time, the best move's visits, its pv length and the
engine's resident memory (``/proc/PID/status``) are kept. Writes a JSON file and a
plot (visits, pv length and memory over time)::

    python experiments/tabu_mcts/long_analysis.py --size 9 --seconds 600 \\
        --out experiments/tabu_mcts/results/long_analysis_9x9.json
"""

from __future__ import annotations

import argparse
import itertools
import json
import re
import subprocess
import sys
import threading
import time
from pathlib import Path

INFO = re.compile(r"info move (\S+) visits (\d+) winrate (\d+) .*?pv (.*)")


def rss_mb(pid: int) -> float:
    """Resident memory of process ``pid`` in MB (0 when it is gone)."""
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return 0.0


def run(size: int, seconds: float, move: str, extra: list[str]) -> dict[str, object]:
    cmd = [sys.executable, "-m", "igo", "gtp", "--size", str(size), "--komi", "7", *extra]
    t0 = time.monotonic()
    proc = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, bufsize=1)
    assert proc.stdin and proc.stdout and proc.stderr
    err: list[str] = []
    threading.Thread(target=lambda: err.extend(proc.stderr), daemon=True).start()
    proc.stdin.write(f"boardsize {size}\nclear_board\nkomi 7\nplay b {move}\n"
                     "lz-analyze w 50\n")
    proc.stdin.flush()
    rows: list[dict[str, object]] = []
    first = None
    for line in proc.stdout:
        now = time.monotonic() - t0
        m = INFO.search(line.split(" info ")[0])
        if m is None:
            continue
        if first is None:
            first = now
        pv = m.group(4).split()
        rows.append({"t": round(now, 3), "move": m.group(1), "visits": int(m.group(2)),
                     "winrate": int(m.group(3)) / 10000, "pv_len": len(pv),
                     "rss_mb": round(rss_mb(proc.pid), 1)})
        if now - first >= seconds:
            break
    proc.stdin.write("igo-search_stats\nquit\n")
    proc.stdin.flush()
    rest = proc.stdout.read()
    proc.wait(timeout=60)
    gaps = [b["t"] - a["t"] for a, b in itertools.pairwise(rows)]  # type: ignore[operator]
    return {"command": " ".join(cmd[1:]), "size": size, "first_line_s": first,
            "seconds": seconds, "rows": rows, "max_gap_s": max(gaps, default=0.0),
            "max_rss_mb": max((r["rss_mb"] for r in rows), default=0.0),  # type: ignore[type-var]
            "stats": rest, "stderr": "".join(err)[-4000:]}


def plot(results: dict[str, object], path: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = results["rows"]
    assert isinstance(rows, list)
    t = [r["t"] for r in rows]
    fig, axes = plt.subplots(3, 1, figsize=(7, 7), sharex=True)
    axes[0].plot(t, [r["visits"] for r in rows])
    axes[0].set_ylabel("best move's visits")
    axes[1].plot(t, [r["pv_len"] for r in rows])
    axes[1].set_ylabel("pv length")
    axes[2].plot(t, [r["rss_mb"] for r in rows])
    axes[2].set_ylabel("resident memory (MB)")
    axes[2].set_xlabel("seconds since igo gtp started")
    fig.suptitle(f"lz-analyze on {results['size']}x{results['size']}: {results['command']}",
                 fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=90)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--size", type=int, default=9)
    ap.add_argument("--seconds", type=float, default=600)
    ap.add_argument("--move", default=None, help="Black's first move (default E5 / Q16)")
    ap.add_argument("--out", type=Path, required=True)
    ap.add_argument("gtp_args", nargs="*", help="more igo gtp options (after --)")
    args = ap.parse_args()
    move = args.move or ("E5" if args.size == 9 else "Q16")
    results = run(args.size, args.seconds, move, args.gtp_args)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(results, indent=1))
    plot(results, args.out.with_suffix(".png"))
    rows = results["rows"]
    assert isinstance(rows, list)
    last = rows[-1] if rows else {}
    print(json.dumps({k: results[k] for k in ("first_line_s", "max_gap_s", "max_rss_mb")}
                     | {"last": last}))
    print(results["stats"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
