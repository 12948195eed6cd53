"""Tables and figures of the experiment README from the finished runs.

    python report.py

Reads cache/runs/*/result.json and predictions.npz (the CNN runs) and results/ours.json;
writes results/cnn.json (Table 4/5 numbers of our CNN runs), results/runs.json.gz (every
run's result.json: curves, best iterations), results/timing.json (wall
time per run and device; the CPU figures of 2026-11-23 kept) and PNG figures in
figures/: fig3 (10-seed style learning curves), fig4 (30,000 iterations, log axis),
fig5 (scatter of output and answer), pooled error against games.
The predictions of MBN and our model (cache/ours-preds-*.npz, cache/default-preds-*.npz)
are only where baselines_and_ours.py ran; without them fig5 shows the CNNs alone
(figures/fig5_cnn_scatter.png) and Table 5 takes our model's row from results/ours.json.
"""

import gzip
import json
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt
import numpy as np

from igo.strength.evaluation import summarize
from igo.strength.metrics import accuracy, confusion, worst_case_ratio
from igo.strength.scale import RankScale

HERE = Path(__file__).resolve().parent
RUNS = HERE / "cache" / "runs"
FIG = HERE / "figures"
SCALE = RankScale()


#: Runs named ``cpu-…`` repeat a GPU run on this machine's CPU to time it: they count in the
#: wall times only, not as more seeds of the tables and figures.
TIMING_ONLY = "cpu-"


def load_runs():
    runs = {}
    for d in sorted(RUNS.glob("*")):
        if (d / "result.json").exists():
            runs[d.name] = json.loads((d / "result.json").read_text())
            runs[d.name]["dir"] = d
    return runs


def cnn_table(runs, train_mean):
    rows = {}
    for name, r in runs.items():
        if r["config"]["task"] != "regression" or "-s0" not in name:
            continue
        p = np.load(r["dir"] / "predictions.npz")
        rows[name] = {"colour": r["colour"], "N": r["n_moves"], "arch": r["arch"],
                      "iterations": r["config"]["iterations"], "wall_s": r["wall_s"],
                      "reached": r.get("reached", r["config"]["iterations"]),
                      "device": r.get("device", "cpu"),
                      "s_per_iteration": r.get("s_per_iteration"), "n_test": len(p["y"])}
        for pick in ("test", "val"):
            s = summarize(p[f"best_{pick}"], p["y"], train_mean[r["colour"]], SCALE)
            s["iteration"] = r["best"][pick][0]
            s["confusion"] = confusion(SCALE.classes(p["y"]),
                                       SCALE.classes(p[f"best_{pick}"])).tolist()
            rows[name][f"best_on_{pick}"] = s
    return rows


def cnn_seed_pick(runs, train_mean):
    """The paper's CNN where several seeds ran 30,000 iterations (N = 50): the seed and
    iteration best on the test fold (the paper's choice) and the seed and iteration best
    on the validation players (the honest one), with how many seeds stayed stuck at the
    start (RMSE on the test fold still above 2x AVE's at the end)."""
    rows = {}
    for c in "BW":
        group = {n: r for n, r in runs.items() if r["config"]["task"] == "regression"
                 and r["arch"] == "paper" and r["colour"] == c and r["n_moves"] == 50
                 and r["config"]["iterations"] > 1000}
        if len(group) < 2:
            continue
        row = {"colour": c, "N": 50, "arch": "paper", "seeds": len(group),
               "iterations": max(r["config"]["iterations"] for r in group.values()),
               "stuck": sorted(r["config"]["seed"] for r in group.values()
                               if r["scores"]["test"][-1] > 1000)}
        for pick in ("test", "val"):
            name = min(group, key=lambda n, pick=pick: group[n]["best"][pick][1])
            r = group[name]
            p = np.load(r["dir"] / "predictions.npz")
            s = summarize(p[f"best_{pick}"], p["y"], train_mean[c], SCALE)
            s["iteration"] = r["best"][pick][0]
            s["seed"] = r["config"]["seed"]
            s["confusion"] = confusion(SCALE.classes(p["y"]),
                                       SCALE.classes(p[f"best_{pick}"])).tolist()
            row[f"best_on_{pick}"] = s
        rows[f"paper-regression-{c}-N50-seeds"] = row
    return rows


def cnn_c_table(runs):
    rows = {}
    for name, r in runs.items():
        if r["config"]["task"] != "classes":
            continue
        p = np.load(r["dir"] / "predictions.npz")
        truth = SCALE.classes(p["y"])
        rows[name] = {"colour": r["colour"], "N": r["n_moves"], "wall_s": r["wall_s"],
                      "iterations": r["config"]["iterations"],
                      "reached": r.get("reached", r["config"]["iterations"]),
                      "device": r.get("device", "cpu")}
        for pick in ("test", "val"):
            m = confusion(truth, p[f"best_{pick}"].argmax(1))
            rows[name][f"best_on_{pick}"] = {"iteration": r["best"][pick][0],
                                             "accuracy3": accuracy(m),
                                             "worst_case_ratio": worst_case_ratio(m),
                                             "confusion": m.tolist()}
    return rows


def fig_seeds(runs):
    """Fig. 3: min/mean/max over the seeds of 1,000 iterations (Black; White beside it
    where its seeds ran); returns the number of Black seeds."""
    count = {}
    panels = []
    for c, colour in (("B", "Black"), ("W", "White")):
        curves = [r for r in runs.values() if r["config"]["iterations"] == 1000
                  and r["colour"] == c and r["n_moves"] == 50 and r["arch"] == "paper"
                  and r["config"]["task"] == "regression"]
        n = min((len(r["iterations"]) for r in curves), default=0)
        count[c] = len(curves)
        if curves and n:
            panels.append((colour, np.array(curves[0]["iterations"][:n]),
                           np.array([r["scores"]["test"][:n] for r in curves])))
    if not panels:
        return 0
    fig, axes = plt.subplots(1, len(panels), figsize=(6 * len(panels), 4), squeeze=False)
    for ax, (colour, it, s) in zip(axes[0], panels, strict=True):
        for f, lab in ((np.max, "max"), (np.mean, "mean"), (np.min, "min")):
            ax.plot(it, f(s, 0), label=lab)
        ax.set_xlabel("iterations")
        ax.set_ylabel("RMSE on the test fold (points)")
        ax.set_title(f"Fig. 3 on Fox data: CNN, {colour}, N = 50, {len(s)} seeds")
        ax.legend()
    fig.savefig(FIG / "fig3_seeds.png", dpi=90, bbox_inches="tight")
    plt.close(fig)
    return count["B"]


def fig_long(runs, ours=None):
    """Fig. 4: RMSE on the test fold against iterations (log axis), one panel a colour,
    the paper's CNN (N >= 26, every seed) and the padded CNN; the y axis is cut at
    400 points, so runs stuck at their start (~2,300 points) are named in the legend."""
    fig, axes = plt.subplots(1, 2, figsize=(12, 4.5), sharey=True)
    for ax, c in zip(axes, "BW", strict=True):
        for _name, r in sorted(runs.items(), key=lambda kv: (kv[1]["arch"],
                                                            kv[1]["n_moves"], kv[0])):
            if r["colour"] != c or r["config"]["iterations"] <= 1000 \
                    or r["config"]["task"] != "regression" \
                    or (r["arch"] == "paper" and r["n_moves"] < 26):
                continue
            what = ("padded CNN, Adam" if r["arch"] == "padded"
                    else f"N={r['n_moves']} seed {r['config']['seed']}")
            stuck = r["scores"]["test"][-1] > 1000
            ax.semilogx(r["iterations"], r["scores"]["test"],
                        "--" if r["arch"] == "padded" else "-", lw=1,
                        label=what + (" (stuck, off the plot)" if stuck else ""))
        if ours and c in ours:
            ax.axhline(ours[c]["AVE"]["rmse_points"], color="k", lw=0.8, ls=":",
                       label="AVE")
            ax.axhline(ours["default_model"][c]["rmse_points"], color="k", lw=0.8,
                       ls="-.", label="ours (default model)")
        ax.set_ylim(150, 400)
        ax.set_xlabel("iterations (log)")
        ax.set_title(f"Fig. 4 on Fox data: the paper's CNN, {'Black' if c == 'B' else 'White'}")
        ax.legend(fontsize=7, loc="lower left", ncol=2)
    axes[0].set_ylabel("RMSE on the test fold (points)")
    fig.savefig(FIG / "fig4_long.png", dpi=90, bbox_inches="tight")
    plt.close(fig)


def fig_scatter(pairs, filename="fig5_scatter.png"):
    fig, axes = plt.subplots(1, len(pairs), figsize=(4.5 * len(pairs), 4.2))
    for ax, (title, pred, y) in zip(np.atleast_1d(axes), pairs, strict=True):
        jitter = np.random.default_rng(0).uniform(-30, 30, len(y))
        ax.scatter(pred, y + jitter, s=2, alpha=0.3)
        ax.set_xlabel("output (points)")
        ax.set_ylabel("answer (points, jittered)")
        r = np.corrcoef(pred, y)[0, 1]
        ax.set_title(f"{title}\nr = {r:.2f}")
    fig.savefig(FIG / filename, dpi=90, bbox_inches="tight")
    plt.close(fig)


def fig_scatter_all(runs, ours):
    """Fig. 5: MBN, the paper's CNN and the padded CNN (N = 50, the seed and iteration
    best on the validation players) and our model, Black; where MBN's and our
    predictions are not here, the CNNs of both colours alone."""
    mbn, dflt = HERE / "cache" / "ours-preds-B.npz", HERE / "cache" / "default-preds-B.npz"
    full = mbn.exists() and dflt.exists()
    pairs = []
    if full:
        m = np.load(mbn)
        pairs.append(("MBN (Black)", m["MBN"], m["y"]))
    for c, colour in (("B", "Black"), ("W", "White")):
        if c == "W" and full:
            continue
        for arch in ("paper", "padded"):
            group = [r for name, r in runs.items() if r["config"]["task"] == "regression"
                     and r["arch"] == arch and r["colour"] == c and r["n_moves"] == 50
                     and r["config"]["iterations"] > 1000]
            if not group:
                continue
            r = min(group, key=lambda r: r["best"]["val"][1])  # the seed best on val
            p = np.load(r["dir"] / "predictions.npz")
            what = "paper CNN" if arch == "paper" else "padded CNN, Adam"
            pairs.append((f"{what} N=50 ({colour})\nseed {r['config']['seed']}, "
                          f"it. {r['best']['val'][0]}", p["best_val"], p["y"]))
    if full:
        d = np.load(dflt)
        pairs.append(("ours, default model (Black)", d["est"], d["y"]))
    if pairs:
        fig_scatter(pairs, "fig5_scatter.png" if full else "fig5_cnn_scatter.png")


def fig_pooled(ours):
    pooled = ours["default_model"]["pooled"]
    ns = [int(k) for k in pooled]
    r = [pooled[str(n)]["rmse_points"] / 100 for n in ns]
    plt.figure(figsize=(5, 3.5))
    plt.plot(ns, r, "o-")
    plt.xscale("log")
    plt.xticks(ns, [str(n) for n in ns])
    plt.xlabel("games of one player (test fold)")
    plt.ylabel("RMSE of the pooled estimate (ranks)")
    plt.savefig(FIG / "pooled.png", dpi=90, bbox_inches="tight")
    plt.close()


def save_runs(runs):
    """results/runs.json.gz: every run's result.json (configuration, RMSE every 100
    iterations on the validation and test players, best iterations, wall time by
    device), small enough to commit where the cache (weights, predictions) is not."""
    keep = {n: {k: v for k, v in r.items() if k != "dir"} for n, r in runs.items()}
    data = json.dumps(keep, sort_keys=True, separators=(",", ":")).encode()
    with open(HERE / "results" / "runs.json.gz", "wb") as f:
        f.write(gzip.compress(data, mtime=0))


# ----------------------------------------------------------------- markdown tables
PAPER_T4 = {("MBN", "B"): (310.492, 0.2984), ("MBN", "W"): (285.741, 0.2891),
            ("CNN N=50", "B"): (249.318, 0.6091), ("CNN N=50", "W"): (243.272, 0.5818),
            ("CNN N=26", "B"): (262.326, 0.5533), ("CNN N=26", "W"): (259.227, 0.4936),
            ("CNN N=2", "B"): (283.022, 0.4345), ("CNN N=2", "W"): (270.319, 0.3964)}
PAPER_AVE = {"B": 329.0, "W": 302.0}


def _row(name, c, s, ave, extra=""):
    p = PAPER_T4.get((name.split(" (")[0], c))
    paper = (f"{p[0]:.0f} | {p[0] / PAPER_AVE[c]:.2f}× | {p[1]:.2f}" if p
             else (f"{PAPER_AVE[c]:.0f} | 1.00× | –" if name == "AVE" else "– | – | –"))
    r = "–" if s["correlation"] != s["correlation"] else f"{s['correlation']:.2f}"
    return (f"| {name} ({c}) {extra}| {s['rmse_points']:.0f} ({s['rmse_ranks']:.2f} ranks) | "
            f"{s['rmse_points'] / ave:.2f}× | {r} | {paper} |")


def table4(ours, cnn, seeds):
    lines = ["| model | our RMSE, points (ranks) | × AVE | r | paper RMSE | paper × AVE "
             "| paper r |", "|---|---|---|---|---|---|---|"]
    for c in "BW":
        ave = ours[c]["AVE"]["rmse_points"]
        lines.append(_row("AVE", c, ours[c]["AVE"], ave))
        lines.append(_row("MBN", c, ours[c]["MBN"], ave))
        for _, r in sorted(cnn.items(), key=lambda kv: (kv[1]["arch"] != "paper",
                                                        -kv[1]["N"])):
            if r["colour"] == c and r["iterations"] > 1000:
                what = "CNN" if r["arch"] == "paper" else "padded CNN, Adam, 8 symmetries"
                of = (f"{r['iterations']}" if r["reached"] >= r["iterations"]
                      else f"{r['iterations']}, stopped at {r['reached']}")
                for pick in ("test", "val"):
                    s = r[f"best_on_{pick}"]
                    lines.append(_row(f"{what} N={r['N']}", c, s, ave,
                                      f"best on {pick}, it. {s['iteration']} of {of} "))
        for r in seeds.values():
            if r["colour"] == c:
                for pick in ("test", "val"):
                    s = r[f"best_on_{pick}"]
                    lines.append(_row(f"CNN N={r['N']}", c, s, ave,
                                      f"{r['seeds']} seeds, best on {pick}: seed "
                                      f"{s['seed']}, it. {s['iteration']} of "
                                      f"{r['iterations']} "))
        lines.append(_row("ours (default model)", c, ours["default_model"][c], ave))
    return "\n".join(lines)


def table_ablation(ours):
    names = [k for k in ours["B"] if k not in ("n", "train_mean", "AVE")]
    lines = ["| arm | B RMSE | B × AVE | W RMSE | W × AVE | B acc3 | W acc3 |",
             "|---|---|---|---|---|---|---|"]
    for k in names:
        b, w = ours["B"][k], ours["W"][k]
        lines.append(f"| {k} | {b['rmse_points']:.0f} | "
                     f"{b['rmse_points'] / ours['B']['AVE']['rmse_points']:.3f} | "
                     f"{w['rmse_points']:.0f} | "
                     f"{w['rmse_points'] / ours['W']['AVE']['rmse_points']:.3f} | "
                     f"{100 * b['accuracy3']:.1f} % | {100 * w['accuracy3']:.1f} % |")
    return "\n".join(lines)


def _pct(x):
    return "– (no output 0 or 2)" if x != x else f"{100 * x:.1f} %"


def _class_row(label, s):
    """One classifier's row of Table 5 from its best-iteration figures ``s``."""
    return (f"| {label} | {100 * s['accuracy3']:.1f} % | {_pct(s['worst_case_ratio'])} | "
            f"{s['confusion']} |")


def table5(cnn, cnn_c, ours, seeds):
    """Table 5 for both colours (the paper's is Black): CNN-R (N = 50), CNN-C, ours."""
    lines = ["| classifier | accuracy | worst-case ratio | confusion (rows: true "
             "0/1/2) |", "|---|---|---|---|"]
    for c in "BW":
        for r in cnn.values():
            if r["colour"] == c and r["N"] == 50 and r["arch"] == "paper" \
                    and r["iterations"] > 1000:
                for pick in ("test", "val"):
                    s = r[f"best_on_{pick}"]
                    lines.append(_class_row(f"CNN-R N=50 {c}, best on {pick} "
                                            f"(it. {s['iteration']})", s))
        for r in seeds.values():
            if r["colour"] == c:
                for pick in ("test", "val"):
                    s = r[f"best_on_{pick}"]
                    lines.append(_class_row(f"CNN-R N=50 {c}, {r['seeds']} seeds, best on "
                                            f"{pick} (seed {s['seed']}, it. {s['iteration']})",
                                            s))
        for r in cnn_c.values():
            if r["colour"] != c:
                continue
            for pick in ("test", "val"):
                s = r[f"best_on_{pick}"]
                lines.append(_class_row(f"CNN-C N={r['N']} {c}, best on {pick} "
                                        f"(it. {s['iteration']} of {r['reached']})", s))
        preds = HERE / "cache" / f"default-preds-{c}.npz"
        if preds.exists():
            p = np.load(preds)
            m = confusion(SCALE.classes(p["y"]), SCALE.classes(p["est"]))
            lines.append(f"| ours (default model) {c} | {100 * accuracy(m):.1f} % | "
                         f"{100 * worst_case_ratio(m):.1f} % | {m.tolist()} |")
        elif ours and c in ours.get("default_model", {}):
            d = ours["default_model"][c]
            lines.append(f"| ours (default model) {c} | {100 * d['accuracy3']:.1f} % | "
                         f"{100 * d['worst_case_ratio']:.1f} % | (results/ours.json) |")
    lines.append("| paper CNN-R / CNN-C (Black) | 59.1 % / 57.1 % | 0.9 % / 7.0 % "
                 "| (13x13 GoQuest) |")
    return "\n".join(lines)


def table_pooled(ours):
    lines = ["| games of one player | players | sets | RMSE (points) | RMSE (ranks) | "
             "95 % interval holds the label |", "|---|---|---|---|---|---|"]
    for n, v in ours["default_model"]["pooled"].items():
        lines.append(f"| {n} | {v['players']} | {v['sets']} | {v['rmse_points']:.0f} | "
                     f"{v['rmse_points'] / 100:.2f} | {100 * v['coverage95']:.0f} % |")
    return "\n".join(lines)


CPU_NOTE = ("the runs of 2026-11-23 (`3ccd4a4`), on this 2-core machine (one thread a run), wall"
            " seconds under that day's load (load average 12-15 on 2 cores); the first"
            " minutes of the N=50 run, on a quieter machine, went at about 0.2 s an"
            " iteration (0.28 s with the evaluations every 100)")
RUNS_NOTE = ("per run and device (result.json 'segments'): wall seconds of training"
             " including the evaluations on the validation and test sets every 100"
             " iterations and a checkpoint every 1,000; on a GPU, several runs shared it"
             " (device_queue.py --workers, one process and one CPU thread each)")


def timing(runs, ours):
    """Training wall times: the CPU runs of 2026-11-23 (kept as they were) and every
    run here, by device."""
    path = HERE / "results" / "timing.json"
    old = json.loads(path.read_text()) if path.exists() else {}
    cpu = old.get("cpu_2core_2026_11_23") or {
        k: v for k, v in old.items() if k.startswith(("paper-", "padded-"))}
    t = {"cpu_2core_2026_11_23_note": CPU_NOTE, "cpu_2core_2026_11_23": cpu,
         "runs_note": RUNS_NOTE, "runs": {}}
    for k in ("cpu_2core_300_iterations_note", "cpu_2core_300_iterations"):
        if k in old:  # measured by hand (README, "Speed and wall times"), kept
            t[k] = old[k]
    for name, r in runs.items():
        n = r.get("reached", r["config"]["iterations"])
        segs = r.get("segments")
        if not segs:  # a run of before the segments: one stretch on this machine's CPU
            segs = [{"device": "cpu (2-core machine, 2026-11-23)", "from": 0, "to": n,
                     "wall_s": r["wall_s"]}]
        by_dev: dict[str, list[float]] = {}
        for sg in segs:
            v = by_dev.setdefault(sg["device"], [0, 0.0])
            v[0] += sg["to"] - sg["from"]
            v[1] += sg["wall_s"]
        t["runs"][name] = {
            "iterations": n, "wall_s": round(r["wall_s"], 1),
            "by_device": {d: {"iterations": int(k), "wall_s": round(w, 1),
                              "s_per_iteration": round(w / max(k, 1), 5)}
                          for d, (k, w) in by_dev.items()}}
    if ours:
        t["ours_default_model"] = {"wall_s": round(ours["default_model"]["train_wall_s"], 1),
                                   "nets": 2, "iterations_each": 4000,
                                   "device": "cpu (2-core machine, 2026-11-23)"}
    elif "ours_default_model" in old:
        t["ours_default_model"] = old["ours_default_model"]
    path.write_text(json.dumps(t, indent=1))


def table_timing(timing_json):
    """Wall time per run and device (markdown)."""
    lines = ["| run | device | iterations | wall (s) | s / iteration |", "|---|---|---|---|---|"]
    for name, v in timing_json["cpu_2core_2026_11_23"].items():
        lines.append(f"| {name} | CPU, 2-core machine (2026-11-23, loaded) | "
                     f"{v['iterations']} | {v['wall_s']:.0f} | {v['s_per_iteration']:.3f} |")
    for name, v in timing_json.get("cpu_2core_300_iterations", {}).items():
        lines.append(f"| {name} | CPU, 2-core machine, 1 thread (300 iterations, quiet) | "
                     f"{v['iterations']} | {v['wall_s']:.0f} | {v['s_per_iteration']:.3f} |")
    for name, v in timing_json["runs"].items():
        for d, x in v["by_device"].items():
            lines.append(f"| {name} | {d} | {x['iterations']} | {x['wall_s']:.0f} | "
                         f"{x['s_per_iteration']:.4f} |")
    return "\n".join(lines)


def table_seeds(runs):
    """Runs of several seeds (CNN, N = 50): Fig. 3's 1,000 iterations, and the 30,000
    of Table 4 where other seeds ran: RMSE on the test fold at the end and the best."""
    curves = {n: r for n, r in runs.items() if r["n_moves"] == 50 and r["arch"] == "paper"
              and r["config"]["task"] == "regression"}
    lines = ["| colour | iterations | seed | RMSE at the end (it.) | best on test (it.) "
             "| best on val (it.) |", "|---|---|---|---|---|---|"]
    for r in sorted(curves.values(), key=lambda v: (v["colour"], v["config"]["iterations"],
                                                    v["config"]["seed"])):
        lines.append(f"| {r['colour']} | {r['config']['iterations']} | "
                     f"{r['config']['seed']} | {r['scores']['test'][-1]:.0f} "
                     f"({r['iterations'][-1]}) | "
                     f"{r['best']['test'][1]:.0f} ({r['best']['test'][0]}) | "
                     f"{r['best']['val'][1]:.0f} ({r['best']['val'][0]}) |")
    return "\n".join(lines)


def markdown(ours, out, runs):
    seeds = out["cnn_seeds"]
    text = ["## Table 4", table4(ours, out["cnn"], seeds), "", "## Ablation", table_ablation(ours),
            "", "## Table 5", table5(out["cnn"], out["cnn_c"], ours, seeds), "",
            "## Pooled", table_pooled(ours), "", "## Seeds (CNN, N = 50; Fig. 3)",
            table_seeds(runs), "", "## Training wall time",
            table_timing(json.loads((HERE / "results" / "timing.json").read_text()))]
    (HERE / "results" / "tables.md").write_text("\n".join(text) + "\n")


if __name__ == "__main__":
    FIG.mkdir(exist_ok=True)
    every_run = load_runs()
    runs = {k: v for k, v in every_run.items() if not k.startswith(TIMING_ONLY)}
    ours_path = HERE / "results" / "ours.json"
    ours = json.loads(ours_path.read_text()) if ours_path.exists() else None
    means = {}
    for c in "BW":
        m = ours[c]["AVE"] if ours and c in ours else None
        means[c] = ours[c]["train_mean"] if m and "train_mean" in ours[c] else 2500.0
    out = {"cnn": cnn_table(runs, means), "cnn_seeds": cnn_seed_pick(runs, means),
           "cnn_c": cnn_c_table(runs),
           "fig3_seeds": fig_seeds(runs)}
    fig_long(runs, ours)
    (HERE / "results" / "cnn.json").write_text(json.dumps(out, indent=1))
    save_runs(runs)
    timing(every_run, ours)
    fig_scatter_all(runs, ours)
    if ours:
        fig_pooled(ours)
        markdown(ours, out, runs)
    print(json.dumps(out, indent=1)[:3000])
