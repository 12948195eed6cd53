"""Pre-encode the Fox data set once (resumable).

    python build_cache.py                  # cache/fox: boards + the move model's view (~16 min)
    python build_cache.py --boards-only    # cache/boards: what the paper's CNN reads (~1 min)

Both keep the examples the experiment was run on: its first cache matched AI accounts
with a broader rule than the library's final ``is_ai_account`` (26 games of people
dropped with the 29 real AI games, see README), and ``--ai-rule legacy`` (the default
here) applies that rule again, so that every model is evaluated on the same examples.
"""

import argparse
from pathlib import Path

from igo.strength.cache import build_cache
from igo.strength.data import decode_name, is_ai_account

HERE = Path(__file__).resolve().parent
DATA = HERE.parents[1].parent / "shared" / "data" / "fox_ranked"

#: the AI-account rule the experiment's first cache was built with (commit 43a1899):
#: the names below, case-insensitive, trailing digits ignored.
LEGACY_AI_ACCOUNTS = frozenset({
    "绝艺", "jueyi", "fineart", "星阵", "星阵围棋", "golaxy", "alphago", "master",
    "magister", "leela", "leelazero", "lz", "katago", "elf", "elfopengo", "deepzen",
    "zen", "zen7", "骊龙", "天壤", "刑天", "天顶", "aq", "rayai", "gnugo", "pachi",
})


def legacy_is_ai(name: str) -> bool:
    """The first cache's AI-account rule."""
    return decode_name(name).strip().lower().rstrip("0123456789_- ") in LEGACY_AI_ACCOUNTS


if __name__ == "__main__":
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default=None, help="default cache/fox, or cache/boards")
    ap.add_argument("--boards-only", action="store_true",
                    help="no move model: boards, moves and labels only (the CNN runs)")
    ap.add_argument("--ai-rule", choices=("legacy", "exact"), default="legacy")
    ap.add_argument("--data", default=str(DATA))
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--no-progress", action="store_true")
    a = ap.parse_args()
    out = Path(a.out or HERE / "cache" / ("boards" if a.boards_only else "fox"))
    model = None
    if not a.boards_only:
        from igo.movepred.default import load_default
        model = load_default(19)
    data = Path(a.data)
    c = build_cache([str(data / "games.sgfs.xz")], out, model,
                    folds_path=str(data / "folds.tsv"), limit=a.limit,
                    progress=not a.no_progress,
                    is_ai=legacy_is_ai if a.ai_rule == "legacy" else is_ai_account,
                    ai_rule=a.ai_rule)
    print({k: v for k, v in c.meta.items() if k != "describe"})
