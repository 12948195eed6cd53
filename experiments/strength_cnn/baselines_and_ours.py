"""AVE, MBN and our model (with its ablation) on the Fox cache; writes
results/ours.json, the test predictions and the default model.

    python baselines_and_ours.py [--iterations 4000] [--model-out PATH]

Feature matrices are computed once per colour and fold and kept in
cache/features-<colour>.npz. Every choice is made on a validation split of the training
players (the test fold is only evaluated). One CPU thread.
"""

import argparse
import json
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

from igo.strength.cache import open_cache
from igo.strength.estimator import save_model
from igo.strength.evaluation import pooled_errors, summarize
from igo.strength.fit import fit_model, pattern_vocabulary
from igo.strength.ours import OursConfig, feature_matrix, fit_net
from igo.strength.predict import game_estimate
from igo.strength.scale import RankScale
from igo.strength.splits import split_rows
from igo.strength.summary import GROUPS, SummaryConfig, example_features

HERE = Path(__file__).resolve().parent
V1 = ("mp_early", "mp_late", "mp_opp", "game", "mbn")
ABLATION = (("move model, moves 1-50", ("mp_early",)),
            ("+ moves 51-end", ("mp_early", "mp_late")),
            ("+ opponent's moves", ("mp_early", "mp_late", "mp_opp")),
            ("+ length and result", ("mp_early", "mp_late", "mp_opp", "game")),
            ("+ MBN features", V1),
            ("+ local play (distances, lines)", (*V1, "local")),
            ("+ rank histogram (all groups)", (*V1, "local", "mp_hist")))
DEFAULT_GROUPS = (*V1, "local", "mp_hist")


def group_widths(cache, pats):
    """Columns of each group (from one example)."""
    g, colour = int(cache.examples[0, 0]), int(cache.examples[0, 1])
    pts, mp = cache.game_moves(g)
    return {grp: len(example_features(np.asarray(pts, np.int64), np.asarray(mp), colour,
                                      cache.games[g], cache.size, SummaryConfig((grp,), pats)))
            for grp in GROUPS}


def matrices(cache, colour, pats):
    """Group matrices of the training fold and the test fold of one colour (one pass over
    the examples with every group; kept in cache/features-<colour>.npz)."""
    f = HERE / "cache" / f"features-{'BW'[colour - 1]}.npz"
    rows = split_rows(cache, colour)
    if not f.exists():
        full = {k: feature_matrix(cache, rows[k], SummaryConfig(GROUPS, pats), True)
                for k in ("train_all", "test")}
        tmp = f.with_suffix(".tmp.npz")
        np.savez(tmp, **full)
        tmp.replace(f)
    z = np.load(f)
    ends = np.cumsum([0, *group_widths(cache, pats).values()])
    return rows, {k: {g: z[k][:, ends[i]:ends[i + 1]] for i, g in enumerate(GROUPS)}
                  for k in ("train_all", "test")}


def run_colour(cache, colour, rows, mats, cfg, scale):
    is_val = np.isin(rows["train_all"], rows["val"])
    ys = {k: cache.examples[rows[k], 2] for k in rows}
    ave = float(ys["train_all"].mean())
    res = {"n": {k: len(v) for k, v in ys.items()}, "train_mean": ave,
           "AVE": summarize(np.full(len(ys["test"]), ave), ys["test"], ave, scale)}

    def cols(split, groups):
        src = "test" if split == "test" else "train_all"
        x = np.concatenate([mats[src][g] for g in groups], axis=1)
        return x if split == "test" else x[is_val if split == "val" else ~is_val]

    preds = {"y": ys["test"], "rows": rows["test"]}
    arms = (("MBN", ("mbn",), replace(cfg, hidden=(20, 20), dropout=0.0, weight_decay=0.0)),
            *((name, g, cfg) for name, g in ABLATION))
    for name, groups, c in arms:
        t = time.perf_counter()
        net = fit_net(cols("train", groups), ys["train"], cols("val", groups), ys["val"], c)
        preds[name] = net.predict(cols("test", groups))
        res[name] = summarize(preds[name], ys["test"], ave, scale)
        res[name].update(wall_s=time.perf_counter() - t, best_iteration=net.best_iteration,
                         val_rmse=net.val_rmse)
        print(name, round(res[name]["rmse_points"], 1), round(net.val_rmse, 1), flush=True)
    np.savez(HERE / "cache" / f"ours-preds-{'BW'[colour - 1]}.npz", **preds)
    return res


def default_model(cache, mats, rows_by_colour, pats, cfg, scale, out_path, k=5):
    t = time.perf_counter()
    feats = {c: np.concatenate([mats[c]["train_all"][g] for g in DEFAULT_GROUPS], axis=1)
             for c in (1, 2)}
    model, _ = fit_model(cache, DEFAULT_GROUPS, cfg, k=k, progress=False, features=feats,
                         patterns=pats)
    res = {"groups": DEFAULT_GROUPS, "folds": k, "train_wall_s": time.perf_counter() - t}
    save_model(model, out_path)
    test_rows, raws, trues = [], [], []
    for colour, name in ((1, "B"), (2, "W")):
        x = np.concatenate([mats[colour]["test"][g] for g in DEFAULT_GROUPS], axis=1)
        raw = model.raw(name, x)
        y = cache.examples[rows_by_colour[colour]["test"], 2]
        est = np.array([game_estimate(model, r, name).rating for r in raw])
        res[name] = summarize(est, y, model.train_mean, scale)
        np.savez(HERE / "cache" / f"default-preds-{name}.npz", y=y, est=est)
        test_rows.append(rows_by_colour[colour]["test"])
        raws.append(raw)
        trues.append(y)
    players = [cache.players[r] for r in np.concatenate(test_rows)]
    res["pooled"] = {str(k): v for k, v in pooled_errors(
        model, np.concatenate(raws), np.concatenate(trues), players, (1, 2, 5, 10, 20),
        np.random.default_rng(0)).items()}
    res["spread"] = {k: v.__dict__ for k, v in model.spread.items()}
    return res


if __name__ == "__main__":
    import torch

    torch.set_num_threads(1)
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=4000)
    ap.add_argument("--cache", default=str(HERE / "cache" / "fox"))
    ap.add_argument("--model-out", default=str(HERE / "cache" / "strength-19.npz"))
    ap.add_argument("--skip-ablation", action="store_true")
    ap.add_argument("--folds", type=int, default=5,
                    help="nets per colour (k-fold by player); 1 = one net, held-out split")
    a = ap.parse_args()
    cache = open_cache(Path(a.cache))
    d = cache.meta["describe"]["scale"]
    scale = RankScale(d[0], d[1], (d[2], d[3]))
    cfg = OursConfig(iterations=a.iterations)
    pats = pattern_vocabulary(cache, split_rows(cache, 0)["train_all"], 100)
    out = {"config": cfg.__dict__, "drops": cache.meta["drops"],
           "reader_skipped": cache.meta.get("reader_skipped")}
    rows, mats = {}, {}
    for colour in (1, 2):
        rows[colour], mats[colour] = matrices(cache, colour, pats)
        if not a.skip_ablation:
            out["BW"[colour - 1]] = run_colour(cache, colour, rows[colour], mats[colour], cfg,
                                               scale)
    out["default_model"] = default_model(cache, mats, rows, pats, cfg, scale, a.model_out,
                                         a.folds)
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "ours.json").write_text(json.dumps(out, indent=1))
    print(json.dumps(out["default_model"], indent=1))
