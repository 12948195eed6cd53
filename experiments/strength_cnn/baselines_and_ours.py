"""AVE, MBN and our model (with its ablation) on the Fox cache; writes
results/ours.json and the default model.

    python baselines_and_ours.py [--iterations 4000] [--model-out PATH]

Selection is on a validation split of the training players (the test fold is only
evaluated). Uses one CPU thread.
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
from igo.strength.scale import RankScale
from igo.strength.splits import split_rows
from igo.strength.summary import GROUPS, SummaryConfig

HERE = Path(__file__).resolve().parent
ABLATION = (("move model, moves 1-50", ("mp_early",)),
            ("+ moves 51-end", ("mp_early", "mp_late")),
            ("+ opponent's moves", ("mp_early", "mp_late", "mp_opp")),
            ("+ length and result", ("mp_early", "mp_late", "mp_opp", "game")),
            ("+ MBN features (all)", GROUPS))


def group_matrices(cache, rows, pats):
    return {g: feature_matrix(cache, rows, SummaryConfig((g,), pats)) for g in GROUPS}


def run_colour(cache, colour, cfg, pats, scale):
    rows = split_rows(cache, colour)
    mats = {k: group_matrices(cache, rows[k], pats) for k in ("train", "val", "test")}
    ys = {k: cache.examples[rows[k], 2] for k in rows}
    ave = float(ys["train_all"].mean())
    res = {"n": {k: len(v) for k, v in ys.items()},
           "AVE": summarize(np.full(len(ys["test"]), ave), ys["test"], ave, scale)}

    def cols(k, groups):
        return np.concatenate([mats[k][g] for g in groups], axis=1)

    mbn_cfg = replace(cfg, hidden=(20, 20), dropout=0.0, weight_decay=0.0)
    t = time.perf_counter()
    net = fit_net(cols("train", ("mbn",)), ys["train"], cols("val", ("mbn",)), ys["val"], mbn_cfg)
    res["MBN"] = summarize(net.predict(cols("test", ("mbn",))), ys["test"], ave, scale)
    res["MBN"]["wall_s"] = time.perf_counter() - t
    for name, groups in ABLATION:
        t = time.perf_counter()
        net = fit_net(cols("train", groups), ys["train"], cols("val", groups), ys["val"], cfg)
        res[name] = summarize(net.predict(cols("test", groups)), ys["test"], ave, scale)
        res[name].update(wall_s=time.perf_counter() - t, best_iteration=net.best_iteration,
                         val_rmse=net.val_rmse)
    return res


if __name__ == "__main__":
    import torch

    torch.set_num_threads(1)
    ap = argparse.ArgumentParser()
    ap.add_argument("--iterations", type=int, default=4000)
    ap.add_argument("--cache", default=str(HERE / "cache" / "fox"))
    ap.add_argument("--model-out", default=str(HERE / "cache" / "strength-19.npz"))
    ap.add_argument("--skip-ablation", action="store_true")
    a = ap.parse_args()
    cache = open_cache(Path(a.cache))
    d = cache.meta["describe"]["scale"]
    scale = RankScale(d[0], d[1], (d[2], d[3]))
    cfg = OursConfig(iterations=a.iterations)
    out = {"config": cfg.__dict__, "drops": cache.meta["drops"],
           "reader_skipped": cache.meta.get("reader_skipped")}
    if not a.skip_ablation:
        pats = pattern_vocabulary(cache, split_rows(cache, 0)["train_all"], 100)
        for colour in (1, 2):
            out["BW"[colour - 1]] = run_colour(cache, colour, cfg, pats, scale)
            print(json.dumps(out["BW"[colour - 1]], indent=1), flush=True)
    t = time.perf_counter()
    model, _ = fit_model(cache, GROUPS, cfg, k=5, progress=False)
    out["default_model"] = {"train_wall_s": time.perf_counter() - t}
    save_model(model, a.model_out)
    test = split_rows(cache, 0)["test"]
    by_colour = {}
    raw = np.zeros(len(test))
    for colour, name in ((1, "B"), (2, "W")):
        sel = cache.examples[test, 1] == colour
        x = feature_matrix(cache, test[sel], model.summary)
        raw[sel] = model.raw(name, x)
        from igo.strength.predict import game_estimate
        est = np.array([game_estimate(model, r, name).rating for r in raw[sel]])
        by_colour[name] = summarize(est, cache.examples[test[sel], 2], model.train_mean, scale)
    out["default_model"].update(by_colour)
    players = [cache.players[r] for r in test]
    out["default_model"]["pooled"] = {str(k): v for k, v in pooled_errors(
        model, raw, cache.examples[test, 2], players, (1, 2, 5, 10, 20),
        np.random.default_rng(0)).items()}
    out["default_model"]["spread"] = {k: v.__dict__ for k, v in model.spread.items()}
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "ours.json").write_text(json.dumps(out, indent=1))
    print(json.dumps(out["default_model"], indent=1))
