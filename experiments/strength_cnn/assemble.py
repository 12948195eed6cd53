"""Assemble results/ours.json from the saved test predictions (cache/ours-preds-*.npz),
the validation RMSEs printed in the log, and the default model's results, when
baselines_and_ours.py was stopped before writing it (it was, on 2026-11-23: see
README). Usage: python assemble.py LOG_B LOG_W DEFAULT_JSON (the first 8 arms of each
log are taken: MBN and the 7 ablation arms)."""

import json
import re
import sys
from pathlib import Path

import numpy as np

from igo.strength.cache import open_cache
from igo.strength.evaluation import summarize
from igo.strength.scale import RankScale
from igo.strength.splits import split_rows

HERE = Path(__file__).resolve().parent

if __name__ == "__main__":
    log_b, log_w, default_json = sys.argv[1], sys.argv[2], sys.argv[3]
    cache = open_cache(HERE / "cache" / "fox")
    scale = RankScale()
    val = {}
    for colour, log in (("B", log_b), ("W", log_w)):
        arms = [m.groups() for m in re.finditer(r"^(.+) (\d+\.\d) (\d+\.\d)$",
                                                Path(log).read_text(), re.MULTILINE)]
        val.update({(colour, name): float(v) for name, _test, v in arms[:8]})
    out = {"drops": cache.meta["drops"], "config": {"iterations": 4000, "hidden": [64, 32],
                                                    "dropout": 0.1, "lr": 1e-3,
                                                    "weight_decay": 1e-4, "batch": 250}}
    for colour in "BW":
        rows = split_rows(cache, 1 if colour == "B" else 2)
        ave = float(cache.examples[rows["train_all"], 2].mean())
        p = np.load(HERE / "cache" / f"ours-preds-{colour}.npz")
        y = p["y"]
        res = {"n": {k: len(v) for k, v in rows.items()}, "train_mean": ave,
               "AVE": summarize(np.full(len(y), ave), y, ave, scale)}
        for k in p.files:
            if k not in ("y", "rows"):
                res[k] = summarize(p[k], y, ave, scale)
                res[k]["val_rmse"] = val.get((colour, k))
        out[colour] = res
    out["default_model"] = json.loads(Path(default_json).read_text())
    (HERE / "results").mkdir(exist_ok=True)
    (HERE / "results" / "ours.json").write_text(json.dumps(out, indent=1))
    print(json.dumps({c: {k: round(v["rmse_points"], 1) for k, v in out[c].items()
                          if isinstance(v, dict) and "rmse_points" in v} for c in "BW"},
                     indent=1))
