"""Issue 37: does the policy net's view of a player's moves estimate the rank better than
the move model's? A pilot on ``--games`` Fox records drawn at random (the corpus is in
blocks of one rank; a net evaluation a move is more than this machine's CPU can give all
25,572 games: ``--max-moves`` moves a game).

    python net_features.py --games 2500 --max-moves 60        # resumes every stage

Stages (each resumable): the records drawn (``subset.sgfs`` in ``--workdir``, seeded),
the strength cache of those records with the move model's view
(``igo.strength.cache.build_cache``, the library's AI rule), the net's view of their
first ``--max-moves`` moves (``igo.strength.netview``, default net ``policy-19-small``,
b6c64, 8 ms a position on one core), then per colour our model's net
(``igo.strength.ours.fit_net``, the default model's settings, the iteration picked on
held-out training players) on several feature sets, evaluated on the test fold's
examples of those records, with a paired bootstrap of the RMSE difference against the
default feature groups.
"""

import argparse
import json
import time
from pathlib import Path

import numpy as np

from igo.strength.cache import build_cache
from igo.strength.evaluation import summarize
from igo.strength.fit import pattern_vocabulary
from igo.strength.netview import build_net_view, open_net_view
from igo.strength.ours import OursConfig, feature_matrix, fit_net
from igo.strength.scale import RankScale
from igo.strength.splits import split_rows
from igo.strength.summary import MM_GROUPS, SummaryConfig

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data" / "fox_ranked"
SMALL_NET = HERE.parents[1] / "src" / "igo" / "models" / "policy-19-small.pt"
#: the move model's early view, to set against the net's on the same moves
MP_EARLY = ("mp_early",)
ARMS = (
    ("default groups", MM_GROUPS),  # the move model's groups, the default until 2026-11-30
    ("default groups + net", (*MM_GROUPS, "net")),
    ("move model, moves 1-50 only", MP_EARLY),
    ("net only", ("net",)),
    ("net instead of the move model's groups", ("net", "game", "mbn", "local")),
)


def draw_records(corpus: Path, workdir: Path, n: int, seed: int) -> Path:
    """``n`` records of the corpus (one SGF a line), drawn without replacement, kept in
    their corpus order in ``workdir/subset.sgfs`` (made once)."""
    import lzma

    out = workdir / "subset.sgfs"
    if out.exists():
        return out
    with lzma.open(corpus, "rt", encoding="utf-8") as fh:
        lines = [ln for ln in fh if ln.strip()]
    keep = np.sort(np.random.default_rng(seed).choice(len(lines), size=min(n, len(lines)),
                                                      replace=False))
    workdir.mkdir(parents=True, exist_ok=True)
    tmp = out.with_suffix(".tmp")
    tmp.write_text("".join(lines[i] for i in keep), encoding="utf-8")
    tmp.replace(out)
    return out


def paired_bootstrap(pa: np.ndarray, pb: np.ndarray, y: np.ndarray, n: int,
                     seed: int) -> dict[str, float]:
    """RMSE(b) − RMSE(a) on the same examples: the difference, its 95 % bootstrap
    interval and the share of resamples where b is not better."""
    rng = np.random.default_rng(seed)
    ea, eb = (pa - y) ** 2, (pb - y) ** 2
    diff = float(np.sqrt(eb.mean()) - np.sqrt(ea.mean()))
    idx = rng.integers(0, len(y), (n, len(y)))
    d = np.sqrt(eb[idx].mean(1)) - np.sqrt(ea[idx].mean(1))
    lo, hi = np.quantile(d, [0.025, 0.975])
    return {"rmse_diff": diff, "ci95": [float(lo), float(hi)],
            "p_not_better": float(np.mean(d >= 0))}


def run_colour(cache, colour, view, pats, cfg, scale, boot, seed):
    rows = split_rows(cache, colour)
    is_val = np.isin(rows["train_all"], rows["val"])
    groups = (*MM_GROUPS, "net")
    widths = [feature_matrix(cache, rows["test"][:1], SummaryConfig((g,), pats),
                             net=view).shape[1] for g in groups]
    edges = np.cumsum([0, *widths])
    where = {g: slice(int(edges[i]), int(edges[i + 1])) for i, g in enumerate(groups)}
    full = {k: feature_matrix(cache, rows[k], SummaryConfig(groups, pats), net=view)
            for k in ("train_all", "test")}
    y = {k: cache.examples[rows[k], 2] for k in ("train_all", "test")}
    ave = float(y["train_all"].mean())

    def cols(x, gs):
        return np.concatenate([x[:, where[g]] for g in gs], axis=1)

    res = {"n": {"train": int((~is_val).sum()), "val": int(is_val.sum()),
                 "test": len(y["test"])},
           "AVE": summarize(np.full(len(y["test"]), ave), y["test"], ave, scale)}
    preds = {}
    for name, gs in ARMS:
        t = time.perf_counter()
        x = cols(full["train_all"], gs)
        net = fit_net(x[~is_val], y["train_all"][~is_val], x[is_val],
                      y["train_all"][is_val], cfg)
        preds[name] = net.predict(cols(full["test"], gs))
        res[name] = summarize(preds[name], y["test"], ave, scale)
        res[name].update(wall_s=round(time.perf_counter() - t, 1),
                         best_iteration=net.best_iteration, val_rmse=net.val_rmse)
        print("BW"[colour - 1], name, round(res[name]["rmse_points"], 1), flush=True)
    base = preds["default groups"]
    res["against default groups"] = {
        name: paired_bootstrap(base, preds[name], y["test"], boot, seed)
        for name, _ in ARMS[1:]}
    res["net instead of move model, moves 1-50"] = paired_bootstrap(
        preds["move model, moves 1-50 only"], preds["net only"], y["test"], boot, seed)
    return res


def default_net_model(cache, view, spec, pats, cfg, scale, out_path, seed):
    """The default model's settings (one net a colour, stopped on the validation
    players, ``k = 1`` as the committed model) on the default groups and ``net``: fit,
    save, and its estimates of the test fold's examples, beside the same fit without
    the net's view, on the same examples (paired bootstrap)."""
    from igo.strength.estimator import save_model
    from igo.strength.evaluation import pooled_errors
    from igo.strength.fit import fit_model
    from igo.strength.predict import game_estimate

    res = {}
    for label, groups in (("without net", MM_GROUPS), ("with net", (*MM_GROUPS, "net"))):
        t = time.perf_counter()
        model, _ = fit_model(cache, groups, cfg, k=1, progress=False, patterns=pats,
                             net=(spec, view))
        r = {"groups": list(groups), "train_wall_s": round(time.perf_counter() - t, 1)}
        raws, trues, players, ests = [], [], [], {}
        for colour, name in ((1, "B"), (2, "W")):
            rows = split_rows(cache, colour)["test"]
            x = feature_matrix(cache, rows, model.summary, net=view)
            raw = model.raw(name, x)
            y = cache.examples[rows, 2]
            ests[name] = (np.array([game_estimate(model, v, name).rating for v in raw]), y)
            r[name] = summarize(ests[name][0], y, model.train_mean, scale)
            raws.append(raw)
            trues.append(y)
            players += [cache.players[i] for i in rows]
        r["pooled"] = {str(k): v for k, v in pooled_errors(
            model, np.concatenate(raws), np.concatenate(trues), players, (1, 2, 5, 10, 20),
            np.random.default_rng(seed)).items()}
        r["spread"] = {k: v.__dict__ for k, v in model.spread.items()}
        res[label] = r
        res[f"_{label}_ests"] = ests
        if label == "with net":
            out_path.parent.mkdir(parents=True, exist_ok=True)
            save_model(model, out_path)
            r["model"] = str(out_path)
    without, with_net = res.pop("_without net_ests"), res.pop("_with net_ests")
    res["with net against without"] = {
        name: paired_bootstrap(without[name][0], with_net[name][0], without[name][1],
                               2000, seed) for name in "BW"}
    return res


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--data", type=Path, default=DATA)
    ap.add_argument("--games", type=int, default=2500, help="records drawn")
    ap.add_argument("--max-moves", type=int, default=60, help="moves a game the net sees")
    ap.add_argument("--net", default=str(SMALL_NET), help="model file or 'default'")
    ap.add_argument("--batch", type=int, default=64)
    ap.add_argument("--threads", type=int, default=1, help="PyTorch threads")
    ap.add_argument("--iterations", type=int, default=OursConfig().iterations)
    ap.add_argument("--bootstrap", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--workdir", type=Path, default=HERE / "cache" / "netpilot")
    ap.add_argument("--out", type=Path, default=HERE / "results" / "net_features.json")
    ap.add_argument("--model-out", type=Path, default=None,
                    help="also fit the default model's settings with the net group, "
                         "save it here and evaluate it on the test fold")
    ap.add_argument("--skip-arms", action="store_true",
                    help="only the --model-out stage")
    ap.add_argument("--no-progress", action="store_true")
    a = ap.parse_args()

    import torch

    from igo.movepred.default import load_default
    from igo.nets.policy import load_net_policy

    torch.set_num_threads(a.threads)
    t0 = time.perf_counter()
    subset = draw_records(a.data / "games.sgfs.xz", a.workdir, a.games, a.seed)
    cache = build_cache([str(subset)], a.workdir, load_default(19),
                        folds_path=str(a.data / "folds.tsv"), progress=not a.no_progress)
    t_cache = time.perf_counter() - t0
    policy = load_net_policy(a.net)
    t1 = time.perf_counter()
    build_net_view(a.workdir, cache, policy, max_moves=a.max_moves, batch=a.batch,
                   progress=not a.no_progress)
    t_view = time.perf_counter() - t1
    view = open_net_view(a.workdir, cache)
    pats = pattern_vocabulary(cache, split_rows(cache, 0)["train_all"], 100)
    cfg = OursConfig(iterations=a.iterations)
    scale = RankScale()
    out = {"command": "python experiments/strength_cnn/net_features.py "
                      f"--games {a.games} --max-moves {a.max_moves} --net {a.net}",
           "net": policy.name, "net_file": Path(a.net).name, "records": a.games,
           "games": int(cache.games.shape[0]), "examples": cache.n_examples,
           "max_moves": a.max_moves,
           "positions": int(np.isfinite(view[:, 0]).sum()),
           "seconds": {"cache": round(t_cache, 1), "net_view": round(t_view, 1)},
           }
    if not a.skip_arms:
        out["B"] = run_colour(cache, 1, view, pats, cfg, scale, a.bootstrap, a.seed)
        out["W"] = run_colour(cache, 2, view, pats, cfg, scale, a.bootstrap, a.seed + 1)
    if a.model_out is not None:
        from igo.nets.policy import net_spec
        from igo.strength.estimator import NetSpec

        spec = NetSpec(net_spec(policy.path), policy.name, a.max_moves)
        out["default_model"] = default_net_model(cache, view, spec, pats, cfg, scale,
                                                 a.model_out, a.seed)
        out["command"] += f" --model-out {a.model_out}"
        print(json.dumps(out["default_model"], indent=1))
    if a.skip_arms and a.out.exists():  # keep the arms of an earlier run
        out = {**json.loads(a.out.read_text()), **{k: v for k, v in out.items()
                                                   if k in ("default_model",)}}
    a.out.parent.mkdir(parents=True, exist_ok=True)
    a.out.write_text(json.dumps(out, indent=1))
    for c in "BW" if "B" in out else "":
        print(c, {k: round(v["rmse_points"], 1) for k, v in out[c].items()
                  if isinstance(v, dict) and "rmse_points" in v})
        for k, v in out[c]["against default groups"].items():
            print("  ", k, v)


if __name__ == "__main__":
    main()
