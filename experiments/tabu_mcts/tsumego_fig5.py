"""Fig. 5 of Ohta & Itoh (section 4.3): life and death, plain MCTS against Tabu + MCTS.

Paper: 10 problems, 30 runs each, correct-first-move rates, chi-squared test of
MCTS against Tabu3..12. Here: a seeded sample of Cho Chikun's elementary problems
(``sample``), 30 runs per problem and configuration, every run an independent search
of the framed problem (:mod:`igo.tsumego`), one JSON line per (config, problem, run)
appended to OUT; a rerun skips what OUT holds. Runs go round by round (run 0 of
every configuration and problem, then run 1...), so a stopped run leaves all
configurations with about the same number of runs.

    python experiments/tabu_mcts/tsumego_fig5.py sample PROBLEMS SAMPLE.json [--n 100]
    python experiments/tabu_mcts/tsumego_fig5.py run PROBLEMS SAMPLE.json OUT
        [--configs paper,tabu12,...] [--runs 30] [--playouts 1000] [--seed 0]
    python experiments/tabu_mcts/tsumego_fig5.py report OUT... [--gnugo GNUGO.jsonl]
        [--sample SAMPLE.json] [--markdown]
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np
from scipy import stats

from igo.search import SearchConfig, preset
from igo.search.search import nearest_default_model
from igo.tsumego.problems import Problem, load_problems
from igo.tsumego.solve import Solver

COLLECTION = "Cho Chikun Encyclopedia Life And Death - Elementary"
SAMPLE_SEED = 20261123

#: name -> (preset, tabu length, what the tabu lists hold)
CONFIGS: dict[str, tuple[str, int, str]] = {
    "paper": ("paper", 0, "move"), "tabu3": ("paper", 3, "move"),
    "tabu6": ("paper", 6, "move"), "tabu12": ("paper", 12, "move"),
    "tabu12_position": ("paper", 12, "position"), "strong": ("strong", 0, "move"),
    "strong_tabu12": ("strong", 12, "move"),
}


def config_of(name: str) -> SearchConfig:
    """The search configuration called ``name``: one of :data:`CONFIGS`, optionally
    followed by ``+option=value`` changes (``strong+c_puct=0``)."""
    head, *changes = name.split("+")
    base, tabu, key = CONFIGS[head]
    config = preset(base).with_options(tabu=tabu, tabu_key=key) if tabu else preset(base)
    options = dict(change.split("=", 1) for change in changes)
    return config.with_options(**options) if options else config


def cmd_sample(a: argparse.Namespace) -> int:
    problems = load_problems(a.problems, collection=COLLECTION, errors=[])
    rng = np.random.default_rng(SAMPLE_SEED)
    chosen = sorted(int(i) for i in rng.choice([p.index for p in problems], a.n,
                                               replace=False))
    Path(a.sample).write_text(json.dumps(chosen) + "\n")
    print(f"{len(chosen)} of {len(problems)} problems -> {a.sample}")
    return 0


def _done(out: Path) -> set[tuple[str, int, int, int]]:
    if not out.exists():
        return set()
    rows = (json.loads(line) for line in out.read_text().splitlines() if line.strip())
    return {(r["config"], r["playouts"], r["index"], r["run"]) for r in rows}


def _sample(a: argparse.Namespace) -> list[Problem]:
    wanted = set(json.loads(Path(a.sample).read_text()))
    return [p for p in load_problems(a.problems, collection=COLLECTION, errors=[])
            if p.index in wanted]


def cmd_run(a: argparse.Namespace) -> int:
    problems = _sample(a)
    names = a.configs.split(",")
    for name in names:
        if name.split("+")[0] not in CONFIGS:
            raise SystemExit(f"unknown config {name!r} (known: {', '.join(CONFIGS)})")
    model = nearest_default_model(19)
    solvers = {n: Solver(config_of(n), a.playouts, seed=a.seed, model=model) for n in names}
    done = _done(a.out)
    with a.out.open("a") as fh:
        for run in range(a.runs):
            for name in names:
                for p in problems:
                    if (name, a.playouts, p.index, run) in done:
                        continue
                    row: dict[str, Any] = {"config": name, "playouts": a.playouts,
                                           "seed": a.seed}
                    row.update(solvers[name].attempt(p, run).to_json())
                    fh.write(json.dumps(row) + "\n")
                    fh.flush()
            print(f"run {run} done", file=sys.stderr, flush=True)
    return 0


def chi2_against(base: list[bool], other: list[bool]) -> tuple[float, float]:
    """Pearson's chi-squared test (2x2, Yates' correction, as R's ``chisq.test``)
    of the correct/incorrect counts of two configurations."""
    table = [[sum(base), len(base) - sum(base)], [sum(other), len(other) - sum(other)]]
    chi2, p, _, _ = stats.chi2_contingency(table, correction=True)
    return float(chi2), float(p)


def paired_test(base: dict[int, list[bool]], other: dict[int, list[bool]]) -> float:
    """Wilcoxon signed-rank p-value of the per-problem rates (problems in both)."""
    common = sorted(set(base) & set(other))
    diff = [np.mean(other[i]) - np.mean(base[i]) for i in common]
    if not any(diff):
        return 1.0
    return float(stats.wilcoxon(diff, zero_method="wilcox").pvalue)


def against_gnugo(per: dict[int, list[bool]], gnugo: dict[int, bool]) -> dict[str, Any]:
    """Run 0 of a configuration against GNU Go, problem by problem: the discordant
    pairs and McNemar's exact test (two-sided binomial test on them)."""
    common = [i for i in per if i in gnugo and per[i]]
    ours_only = sum(per[i][0] and not gnugo[i] for i in common)
    gnugo_only = sum(gnugo[i] and not per[i][0] for i in common)
    n = ours_only + gnugo_only
    p = float(stats.binomtest(ours_only, n).pvalue) if n else 1.0
    return {"vs_gnugo_problems": len(common), "run0_correct": sum(per[i][0] for i in common),
            "gnugo_correct": sum(gnugo[i] for i in common), "ours_only": ours_only,
            "gnugo_only": gnugo_only, "mcnemar_p": p}


def baseline_of(name: str, default: str) -> str:
    """What a configuration is tested against: ``strong`` for ``strong_*`` (tabu on
    the strong preset), else ``default`` (plain MCTS, ``paper``)."""
    return "strong" if name.startswith(("strong_", "strong+")) else default


def cmd_report(a: argparse.Namespace) -> int:
    rows = [json.loads(line) for path in a.out for line in path.read_text().splitlines()
            if line.strip()]
    seen: set[tuple[str, int, int, int]] = set()
    unique = []
    for r in rows:  # a run found twice (files pooled by hand) counts once
        key = (r["config"], r["playouts"], r["index"], r["run"])
        if key not in seen:
            seen.add(key)
            unique.append(r)
    if len(unique) < len(rows):
        print(f"{len(rows) - len(unique)} repeated runs ignored", file=sys.stderr)
    rows = unique
    groups: dict[tuple[str, int], dict[int, list[bool]]] = {}
    for r in rows:
        groups.setdefault((r["config"], r["playouts"]), {}).setdefault(
            r["index"], []).append(bool(r["correct"]))
    out = []
    for (name, playouts), per in sorted(groups.items(), key=lambda kv: (kv[0][1], kv[0][0])):
        flat = [c for v in per.values() for c in v]
        item: dict[str, Any] = {"config": name, "playouts": playouts, "problems": len(per),
                                "attempts": len(flat), "correct": sum(flat),
                                "rate": sum(flat) / len(flat),
                                "solved_majority": sum(2 * sum(v) > len(v)
                                                       for v in per.values())}
        ref = baseline_of(name, a.baseline)
        base = groups.get((ref, playouts))
        if base is not None and name != ref:
            item["baseline"] = ref
            chi2, p = chi2_against([c for v in base.values() for c in v], flat)
            item.update(chi2=chi2, p=p, paired_p=paired_test(base, per))
        out.append(item)
    if a.gnugo is not None:
        sample = set(json.loads(Path(a.sample).read_text())) if a.sample else None
        gg = [json.loads(line) for line in a.gnugo.read_text().splitlines() if line]
        gg = [g for g in gg if sample is None or g["index"] in sample]
        out.append({"config": "gnugo", "problems": len(gg),
                    "correct": sum(g["correct"] for g in gg),
                    "rate": sum(g["correct"] for g in gg) / max(len(gg), 1)})
        gnugo = {g["index"]: bool(g["correct"]) for g in gg}
        for item in out[:-1]:
            item.update(against_gnugo(groups[(item["config"], item["playouts"])], gnugo))
    if a.markdown:
        print(markdown(out))
        return 0
    for item in out:
        print(json.dumps(item))
    return 0


def markdown(items: list[dict[str, Any]]) -> str:
    """The report as a Markdown table (one row per configuration)."""
    lines = ["| config | playouts | problems | runs correct / runs | rate | problems solved "
             "(majority) | χ² vs baseline | p | paired p (Wilcoxon) | run 0 vs GNU Go "
             "(ours only / GNU Go only, McNemar p) |", "|" + "---|" * 10]
    for it in items:
        if it["config"] == "gnugo":
            lines.append(f"| GNU Go 3.8 level 10 | – | {it['problems']} | "
                         f"{it['correct']} / {it['problems']} | {it['rate']:.1%} | "
                         f"{it['correct']} | | | | |")
            continue
        test = (f"{it['chi2']:.2f} ({it['baseline']}) | {it['p']:.3g} | {it['paired_p']:.3g}"
                if "chi2" in it
                else "– | – | –")
        versus = (f"{it['ours_only']} / {it['gnugo_only']}, p = {it['mcnemar_p']:.3g}"
                  if "mcnemar_p" in it else "")
        lines.append(f"| {it['config']} | {it['playouts']} | {it['problems']} | "
                     f"{it['correct']} / {it['attempts']} | {it['rate']:.1%} | "
                     f"{it['solved_majority']} | {test} | {versus} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("sample")
    s.add_argument("problems")
    s.add_argument("sample")
    s.add_argument("--n", type=int, default=100)
    r = sub.add_parser("run")
    r.add_argument("problems")
    r.add_argument("sample")
    r.add_argument("out", type=Path)
    r.add_argument("--configs", default="paper,tabu12,strong,tabu3,tabu6,strong_tabu12")
    r.add_argument("--runs", type=int, default=30)
    r.add_argument("--playouts", type=int, default=1000)
    r.add_argument("--seed", type=int, default=0)
    q = sub.add_parser("report")
    q.add_argument("out", type=Path, nargs="+", help="result files (JSONL), pooled")
    q.add_argument("--baseline", default="paper")
    q.add_argument("--gnugo", type=Path, default=None)
    q.add_argument("--sample", default=None, help="restrict GNU Go to the sample")
    q.add_argument("--markdown", action="store_true", help="a Markdown table")
    a = ap.parse_args(argv)
    return {"sample": cmd_sample, "run": cmd_run, "report": cmd_report}[a.cmd](a)


if __name__ == "__main__":
    sys.exit(main())
