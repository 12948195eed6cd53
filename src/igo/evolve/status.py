"""Where an evolution run stands, read from its database (running or finished).

:func:`run_status` returns the ``igo evolve status --json`` document (schema 1)::

    {"schema": 1, "db": str, "steps": int (configured), "steps_done": int (PBILc
     updates after the initial one; -1 before the initial population is rated),
     "individuals": int, "trained": int,
     "games": {"done": int, "planned": int, "failed": int}, "failed_attempts": int,
     "games_per_second": float (over the latest 200 finished games),
     "best": {"individual": int, "step": int, "elo": x, "low": x, "high": x,
              "games": int, "weights": [x, ...]} | null,
     "last_step": {"step": int, "individual": int|null, "elo": x|null,
                   "rank": int|null, "games": int|null} | null,
     "centre": [x, ...] | null, "sigma": [x, ...] | null}

Ratings are those stored with the last finished step.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from igo.evolve.store import EvolveStore, EvolveStoreError


def run_status(path: str | Path) -> dict[str, Any]:
    """The status document of the run whose database is ``path`` (see the module).

    Raises
    ------
    EvolveStoreError
        If there is no such database or it is not an evolution run.
    """
    p = Path(path)
    if p.is_dir():
        p = p / "evolve.sqlite"
    if not p.is_file():
        raise EvolveStoreError(f"{p}: no evolution database here")
    with EvolveStore(p) as store:
        stored = store.get_meta("config")
        if stored is None:
            raise EvolveStoreError(f"{p}: not an evolution run (no configuration stored)")
        config = json.loads(stored)
        inds = store.individuals()
        steps = store.steps()
        counts = store.game_counts()
        n, seconds = store.game_seconds(200)
        doc: dict[str, Any] = {
            "schema": 1, "db": str(p), "steps": int(config.get("steps", 0)),
            "steps_done": steps[-1].step if steps else -1,
            "individuals": len(inds), "trained": sum(i.model_path is not None for i in inds),
            "games": {k: counts.get(k, 0) for k in ("done", "planned", "failed")},
            "failed_attempts": len(store.errors()),
            "games_per_second": (n - 1) / seconds if seconds > 0 else 0.0,
            "best": None, "last_step": None, "centre": None, "sigma": None,
        }
        if not steps:
            return doc
        last = steps[-1]
        table = store.ratings(last.step)
        by_id = {ind.id: ind for ind in inds}
        top = table[0]
        doc["best"] = {"individual": top[0], "step": by_id[top[0]].step, "elo": top[1],
                       "low": top[2], "high": top[3], "games": top[4],
                       "weights": by_id[top[0]].weights.tolist()}
        entry: dict[str, Any] = {"step": last.step, "individual": last.individual,
                                 "elo": None, "rank": None, "games": None}
        for rank, row in enumerate(table, 1):
            if row[0] == last.individual:
                entry.update(elo=row[1], rank=rank, games=row[4])
        doc["last_step"] = entry
        doc["centre"] = last.centre.tolist()
        doc["sigma"] = last.sigma.tolist()
        return doc


def format_status(doc: dict[str, Any]) -> str:
    """The status document as a few lines of text."""
    g = doc["games"]
    lines = [f"{doc['db']}: step {doc['steps_done']} of {doc['steps']}, "
             f"{doc['individuals']} individuals ({doc['trained']} trained), "
             f"games {g['done']} done, {g['planned']} open, {g['failed']} failed "
             f"({doc['failed_attempts']} failed attempts), "
             f"{doc['games_per_second']:.2f} games/s lately"]
    best = doc["best"]
    if best is not None:
        lines.append(f"best: #{best['individual']} (step {best['step']}) {best['elo']:+.0f} "
                     f"Elo [{best['low']:+.0f}, {best['high']:+.0f}] over {best['games']} "
                     f"games; weights {_vector(best['weights'])}")
    last = doc["last_step"]
    if last is not None and last["individual"] is not None:
        lines.append(f"last step {last['step']}: #{last['individual']} {last['elo']:+.0f} Elo, "
                     f"rank {last['rank']}, {last['games']} games")
    if doc["centre"] is not None:
        lines.append(f"PBILc centre {_vector(doc['centre'])}")
        lines.append(f"PBILc sigma  {_vector(doc['sigma'])}")
    return "\n".join(lines)


def _vector(values: list[float], limit: int = 20) -> str:
    shown = " ".join(f"{v:.2f}" for v in values[:limit])
    return shown + (f" … ({len(values)} in all)" if len(values) > limit else "")
