"""How often the final owners (GNU Go's dead stones removed, area count) give the
recorded result: same winner, and the same margin exactly::

    .venv/bin/python experiments/influence/check_labels.py
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from igo.influence.labels import LabelCache, iter_counted, label_record

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[2] / "shared" / "data" / "tygem9d" / "test.sgfs.xz"


def main() -> int:
    """Print ``{"games", "same_winner", "same_margin"}`` over the labelled games."""
    games = same_winner = same_margin = 0
    with LabelCache(HERE / "cache" / "labels.sqlite") as cache:
        for record in iter_counted(DATA):
            label = label_record(record, cache, None, stages=())
            if label is None:
                continue
            games += 1
            score = float((label.owner == 1).sum() - (label.owner == -1).sum()) - record.komi
            margin = record.result.margin or 0.0
            recorded = margin if record.winner == 1 else -margin
            same_winner += (score > 0) == (recorded > 0)
            same_margin += score == recorded
    print(json.dumps({"games": games, "same_winner": same_winner, "same_margin": same_margin}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
