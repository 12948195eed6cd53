"""Pre-encode the Fox data set once (resumable): python build_cache.py [--limit N]."""

import argparse
from pathlib import Path

from igo.movepred.default import load_default
from igo.strength.cache import build_cache

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data" / "fox_ranked"

if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=str(HERE / "cache" / "fox"))
    ap.add_argument("--limit", type=int, default=None)
    a = ap.parse_args()
    c = build_cache([str(DATA / "games.sgfs.xz")], Path(a.out), load_default(19),
                    folds_path=str(DATA / "folds.tsv"), limit=a.limit)
    print(c.meta)
