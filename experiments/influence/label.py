"""Label the counted games of tygem9d/test with GNU Go (dead stones + GNU Go's regions).

Resumable: every answer is cached in ``cache/labels.sqlite``; rerun to continue.
Run niced in the background::

    nohup nice -n 10 .venv/bin/python experiments/influence/label.py \
        > experiments/influence/cache/label.log 2>&1 &

The same labelling is done on demand by ``igo influence eval`` (``--label``).
"""

from __future__ import annotations

import sys
from pathlib import Path

from igo.influence.labels import LabelCache, label_corpus

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data" / "tygem9d" / "test.sgfs.xz"


def main() -> int:
    """Label all counted games (or the number given as the first argument)."""
    limit = int(sys.argv[1]) if len(sys.argv) > 1 else None
    with LabelCache(HERE / "cache" / "labels.sqlite") as cache:
        n = label_corpus(DATA, cache, ["/usr/games/gnugo", "--mode", "gtp"], limit=limit)
        print(f"labelled {n} games; cache holds {cache.count()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
