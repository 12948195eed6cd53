"""The default policy net on three engines, one core (issue 63) → results/net-backends.json.

For ``src/igo/models/policy-19.pt`` (b10c128, fully convolutional), pinned to one CPU
with one thread in every engine (``torch.set_num_threads(1)``; OpenBLAS/OMP/MKL threads 1
for numpy; ``intra_op_num_threads=1`` for ONNX Runtime):

- **evaluations a second** of the net's forward pass (input planes → logits) at batch
  1 (what the search asks at `baff303`: one position a request), 8 and 16, on 9x9 and 19x19
  boards, the median of ``--rounds`` rounds of ``--seconds`` each, for
  ``torch`` (eager, ``inference_mode``, channels-last: what :class:`igo.nets.policy.NetPolicy`
  runs), ``torch-nchw`` (eager, default memory format), ``torch-jit`` (traced and frozen),
  ``numpy`` (:mod:`igo.nets.numpy_forward`) and ``onnxruntime`` (the net exported with
  ``torch.onnx.export``, run by a Python that has ``onnxruntime``: ``--ort-python``);
  every engine's logits are checked against PyTorch's (max difference ≤ 1e-4);
- the planes and the softmax around the net (numpy), microseconds a position;
- **start-up**: a fresh process that has numpy (and igo's encoder) imported already
  imports the engine and loads the model, median of 5; and its first evaluation;
- **install size**: the files of each engine's distribution and of the distributions it
  requires (their RECORD, markers of extras aside), numpy apart.

ONNX Runtime is not one of igo's dependencies; set up a throwaway one first::

    python3 -m venv /tmp/ortvenv && /tmp/ortvenv/bin/pip install onnxruntime numpy
    /tmp/ortvenv/bin/pip install --target /tmp/onnxpkgs onnx   # torch.onnx.export needs it

Usage: ``python benchmarks/bench_net_backends.py [--ort-python /tmp/ortvenv/bin/python]
[--onnx-site /tmp/onnxpkgs] [--seconds 1] [--rounds 5]``
"""

from __future__ import annotations

import os

for _v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ[_v] = "1"  # before numpy loads its BLAS

import argparse  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import statistics  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402
import time  # noqa: E402
from datetime import UTC, datetime  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "results"
DEMO = ROOT / "src" / "igo" / "data" / "demo-19x19.sgf"
MODEL = ROOT / "src" / "igo" / "models" / "policy-19.pt"
SIZES = (9, 19)
BATCHES = (1, 8, 16)
TOL = 1e-4

# Run by a fresh interpreter (igo's or the ONNX Runtime one): numpy (and igo's encoder)
# imported first, then the clock, then the engine's import and the model's load, then
# one evaluation. Prints JSON.
_STARTUP = r"""
import os, sys, time, json
for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"): os.environ[v] = "1"
import numpy as np
engine, model = sys.argv[1], sys.argv[2]
x = np.zeros((1, 22, 19, 19), np.float32)
if engine != "onnxruntime":
    import igo.nets.encode
t0 = time.perf_counter()
if engine == "torch":
    import torch
    torch.set_num_threads(1)
    from igo.nets.policy import NetPolicy
    net = NetPolicy(model)
    t1 = time.perf_counter()
    with torch.inference_mode():
        net.net(torch.from_numpy(x).contiguous(memory_format=torch.channels_last))
elif engine == "numpy":
    from igo.nets.numpy_forward import NumpyPolicyNet
    net = NumpyPolicyNet(model)
    t1 = time.perf_counter()
    net.logits(x)
else:
    import onnxruntime as ort
    so = ort.SessionOptions(); so.intra_op_num_threads = 1; so.inter_op_num_threads = 1
    sess = ort.InferenceSession(model, so, providers=["CPUExecutionProvider"])
    t1 = time.perf_counter()
    sess.run(None, {"planes": x})
t2 = time.perf_counter()
print(json.dumps({"import_load_s": t1 - t0, "first_eval_s": t2 - t1}))
"""

# Run by the ONNX Runtime interpreter: times the exported net on the saved inputs.
_ORT_TIMING = r"""
import os, sys, time, json, statistics
for v in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS"): os.environ[v] = "1"
import numpy as np
import onnxruntime as ort
onnx_path, inputs, out_path, seconds, rounds = sys.argv[1:6]
so = ort.SessionOptions(); so.intra_op_num_threads = 1; so.inter_op_num_threads = 1
so.graph_optimization_level = ort.GraphOptimizationLevel.ORT_ENABLE_ALL
sess = ort.InferenceSession(onnx_path, so, providers=["CPUExecutionProvider"])
data = np.load(inputs)
res, logits = {}, {}
for key in data.files:
    x = data[key]
    f = lambda: sess.run(None, {"planes": x})[0]
    logits[key] = f()
    rates = []
    for _ in range(int(rounds)):
        n, t = 0, time.perf_counter()
        while True:
            f(); n += 1
            el = time.perf_counter() - t
            if el >= float(seconds): break
        rates.append(n * x.shape[0] / el)
    res[key] = statistics.median(rates)
np.savez(out_path, **logits)
print(json.dumps({"version": ort.__version__, "evals_per_s": res}))
"""

_SIZE = r"""
import importlib.metadata as m, json, re, sys
skip = set(sys.argv[1].split(",")) if sys.argv[1] else set()
def norm(n): return re.sub(r"[-_.]+", "-", n).lower()
def closure(name):
    seen, todo = set(), [name]
    while todo:
        n = norm(todo.pop())
        if n in seen or n in skip: continue
        try: d = m.distribution(n)
        except m.PackageNotFoundError: continue
        seen.add(n)
        for r in d.requires or []:
            if "extra ==" in r: continue
            todo.append(re.match(r"[A-Za-z0-9_.\-]+", r).group(0))
    return seen
def size(n):
    tot = 0
    for f in m.distribution(n).files or []:
        try: tot += f.locate().stat().st_size
        except OSError: pass
    return tot
out = {}
for name in sys.argv[2:]:
    deps = closure(name)
    out[name] = {"version": m.version(name), "own_mb": size(name) / 2**20,
                 "with_requirements_mb": sum(size(d) for d in deps) / 2**20,
                 "requirements": sorted(deps - {norm(name)})}
print(json.dumps(out))
"""


def _rate(f: object, batch: int, seconds: float, rounds: int) -> float:
    rates = []
    for _ in range(rounds):
        n, t = 0, time.perf_counter()
        while True:
            f()  # type: ignore[operator]
            n += 1
            el = time.perf_counter() - t
            if el >= seconds:
                break
        rates.append(n * batch / el)
    return statistics.median(rates)


def _inputs() -> dict[str, np.ndarray]:
    """Input planes: 16 positions of the demo game (moves 40–55) for 19x19, 16 of a
    random 9x9 game (moves 10–25)."""
    from igo.core.board import Board
    from igo.core.replay import replay
    from igo.nets.encode import encode_board
    from igo.nets.numpy_forward import planes_np
    from igo.sgf import read_sgf_file

    rec = read_sgf_file(DEMO)
    enc19 = [encode_board(b, b.to_play) for b in (replay(rec, k) for k in range(40, 56))]
    rng = np.random.default_rng(63)
    b9, enc9 = Board(9), []
    while len(enc9) < 16:
        legal = b9.legal_moves(b9.to_play)
        b9.play(b9.to_play, legal[rng.integers(len(legal))])
        if b9.move_number >= 10:
            enc9.append(encode_board(b9, b9.to_play))
    out = {}
    for size, enc in ((19, enc19), (9, enc9)):
        x = planes_np(np.concatenate([e.stones for e in enc]),
                      np.concatenate([e.moves for e in enc]),
                      np.concatenate([e.hist for e in enc]),
                      np.concatenate([e.to_move for e in enc]), size)
        for b in BATCHES:
            out[f"{size}_b{b}"] = np.ascontiguousarray(x[:b])
    return out


def _median_startup(python: str, engine: str, model: Path, env: dict[str, str]
                    ) -> dict[str, float]:
    runs = []
    for _ in range(5):
        t = time.perf_counter()
        r = subprocess.run([python, "-c", _STARTUP, engine, str(model)], env=env,
                           capture_output=True, text=True, check=True)
        d = json.loads(r.stdout.strip().splitlines()[-1])
        d["process_s"] = time.perf_counter() - t
        runs.append(d)
    return {k: round(statistics.median(r[k] for r in runs), 3) for k in runs[0]}


def _export_onnx(net: object, path: Path, onnx_site: str | None) -> None:
    import torch

    if onnx_site:
        sys.path.append(onnx_site)  # torch.onnx.export needs the onnx package
    torch.onnx.export(net, (torch.zeros(1, 22, 19, 19),), str(path), dynamo=False,
                      input_names=["planes"], output_names=["logits"], opset_version=17,
                      dynamic_axes={"planes": {0: "batch", 2: "h", 3: "w"},
                                    "logits": {0: "batch", 1: "moves"}})


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--seconds", type=float, default=1.0)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--ort-python", default="/tmp/ortvenv/bin/python")
    ap.add_argument("--onnx-site", default="/tmp/onnxpkgs")
    ap.add_argument("--out", default=str(RESULTS / "net-backends.json"))
    args = ap.parse_args()
    cpu = min(os.sched_getaffinity(0))
    os.sched_setaffinity(0, {cpu})  # children inherit it

    import torch

    from igo.nets.model_file import load_net
    from igo.nets.numpy_forward import MASKED, NumpyPolicyNet

    torch.set_num_threads(1)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip()
    out: dict[str, object] = {
        "issue": 63, "model": MODEL.name, "cpu": cpu,
        "machine": platform.processor() or platform.machine(),
        "cpu_model": next((ln.split(":", 1)[1].strip() for ln in
                           Path("/proc/cpuinfo").read_text().splitlines()
                           if ln.startswith("model name")), "?"),
        "date": datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": commit, "python": platform.python_version(),
        "torch": torch.__version__, "numpy": np.__version__,
        "loadavg_before": os.getloadavg(), "seconds": args.seconds, "rounds": args.rounds,
        "command": "python " + " ".join([f"benchmarks/{Path(__file__).name}",
                                         *sys.argv[1:]]),
    }
    net, _ = load_net(MODEL)
    out["net"] = net.config.name
    net_cl = net.to(memory_format=torch.channels_last)
    npnet = NumpyPolicyNet(MODEL)
    inputs = _inputs()

    def torch_cl(x: torch.Tensor) -> object:
        with torch.inference_mode():
            return net_cl(x.contiguous(memory_format=torch.channels_last))

    with torch.inference_mode():
        jit = torch.jit.freeze(torch.jit.trace(net, torch.from_numpy(inputs["19_b1"])))
    engines = {
        "torch": lambda x: torch_cl(torch.from_numpy(x)),
        "torch-nchw": lambda x: _no_grad(net, torch.from_numpy(x)),
        "torch-jit": lambda x: _no_grad(jit, torch.from_numpy(x)),
        "numpy": npnet.logits,
    }
    rates: dict[str, dict[str, float]] = {e: {} for e in [*engines, "onnxruntime"]}
    maxdiff: dict[str, float] = {e: 0.0 for e in rates}
    ref = {k: _no_grad(net, torch.from_numpy(x)).numpy() for k, x in inputs.items()}
    for key, x in inputs.items():
        batch = x.shape[0]
        for name, f in engines.items():
            got = np.asarray(f(x))
            maxdiff[name] = max(maxdiff[name], float(np.abs(got - ref[key]).max()))
        per_round: dict[str, list[float]] = {name: [] for name in engines}
        for _ in range(args.rounds):  # engines interleaved: a burst of load hits them all
            for name, f in engines.items():
                per_round[name].append(_rate(lambda f=f, x=x: f(x), batch, args.seconds, 1))
        for name in engines:
            rates[name][key] = round(statistics.median(per_round[name]), 1)
        print(key, {n: rates[n][key] for n in engines}, flush=True)

    # planes and softmax around the net, numpy, a position (batch 16)
    from igo.core.replay import replay
    from igo.nets.encode import encode_board
    from igo.nets.numpy_forward import planes_np
    from igo.sgf import read_sgf_file

    e = encode_board(b := replay(read_sgf_file(DEMO), 60), b.to_play)
    st, mv, hs, tm = (np.repeat(a, 16, axis=0) for a in (e.stones, e.moves, e.hist,
                                                           e.to_move))
    lg = ref["19_b16"]

    def around() -> None:
        planes_np(st, mv, hs, tm, 19)
        z = np.where(np.concatenate([mv > 0, np.ones((16, 1), bool)], 1), lg, MASKED)
        z = np.exp(z - z.max(1, keepdims=True))
        z / z.sum(1, keepdims=True)

    out["planes_softmax_us_per_position_19"] = round(
        1e6 / _rate(around, 16, args.seconds, args.rounds), 1)

    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    ort_ok = Path(args.ort_python).is_file()
    with tempfile.TemporaryDirectory() as tmp:
        onnx_path = Path(tmp) / "policy-19.onnx"
        if ort_ok:
            _export_onnx(net, onnx_path, args.onnx_site)
            out["onnx_file_mb"] = round(onnx_path.stat().st_size / 2**20, 2)
            np.savez(Path(tmp) / "in.npz", **inputs)
            r = subprocess.run([args.ort_python, "-c", _ORT_TIMING, str(onnx_path),
                                str(Path(tmp) / "in.npz"), str(Path(tmp) / "out.npz"),
                                str(args.seconds), str(args.rounds)], env=os.environ,
                               capture_output=True, text=True, check=True)
            d = json.loads(r.stdout.strip().splitlines()[-1])
            out["onnxruntime"] = d["version"]
            rates["onnxruntime"] = {k: round(v, 1) for k, v in d["evals_per_s"].items()}
            got = np.load(Path(tmp) / "out.npz")
            maxdiff["onnxruntime"] = max(float(np.abs(got[k] - ref[k]).max()) for k in ref)
        else:
            del rates["onnxruntime"], maxdiff["onnxruntime"]
        out["evals_per_s"] = rates
        out["max_abs_logit_diff_vs_torch"] = maxdiff
        for name, d in maxdiff.items():
            assert d <= TOL, f"{name}: logits differ from PyTorch's by {d}"
        startup = {"torch": _median_startup(sys.executable, "torch", MODEL, env),
                   "numpy": _median_startup(sys.executable, "numpy", MODEL, env)}
        if ort_ok:
            startup["onnxruntime"] = _median_startup(args.ort_python, "onnxruntime",
                                                     onnx_path, env)
        out["startup"] = startup
    sizes = json.loads(subprocess.run([sys.executable, "-c", _SIZE, "numpy", "torch"],
                                      capture_output=True, text=True, check=True).stdout)
    sizes["numpy"] = json.loads(subprocess.run([sys.executable, "-c", _SIZE, "", "numpy"],
                                               capture_output=True, text=True,
                                               check=True).stdout)["numpy"]
    if ort_ok:
        sizes.update(json.loads(subprocess.run([args.ort_python, "-c", _SIZE, "numpy",
                                                "onnxruntime"], capture_output=True,
                                               text=True, check=True).stdout))
    out["install_mb"] = {k: {kk: (round(vv, 1) if isinstance(vv, float) else vv)
                             for kk, vv in v.items()} for k, v in sizes.items()}
    out["loadavg_after"] = os.getloadavg()
    Path(args.out).parent.mkdir(exist_ok=True)
    Path(args.out).write_text(json.dumps(out, indent=2) + "\n")
    print(json.dumps(out, indent=2))
    return 0


def _no_grad(net: object, x: object) -> object:
    import torch

    with torch.inference_mode():
        return net(x)  # type: ignore[operator]


if __name__ == "__main__":
    raise SystemExit(main())
