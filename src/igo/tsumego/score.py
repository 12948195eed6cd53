"""Scoring tsumego runs: rates overall and per collection (Ohta & Itoh, section 4.3).

A problem counts as **solved** when more than half of its runs found a correct first
move (with one run: when that run did); the **attempt rate** is the share of all runs
that were correct, the paper's "正答率" (30 runs per problem).

The JSON summary (stable schema)::

    {"problems": n, "solved": k, "rate": k / n, "runs": R, "attempts": n R,
     "correct": c, "attempt_rate": c / (n R), "unframed": u,
     "by_collection": {"<collection>": {"problems", "solved", "rate", "attempts",
                                        "correct", "attempt_rate"}, ...}}

``unframed`` counts problems no frame fits (counted as unsolved).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from typing import Any

from igo.tsumego.problems import Problem
from igo.tsumego.solve import Attempt


def _rates(solved: int, problems: int, correct: int, attempts: int) -> dict[str, Any]:
    return {"problems": problems, "solved": solved,
            "rate": solved / problems if problems else 0.0,
            "attempts": attempts, "correct": correct,
            "attempt_rate": correct / attempts if attempts else 0.0}


def summarize(problems: list[Problem], attempts: Iterable[Attempt]) -> dict[str, Any]:
    """The JSON summary of ``attempts`` on ``problems`` (see the module docstring).

    Raises
    ------
    ValueError
        If an attempt names a problem that is not in ``problems``.
    """
    by_index: dict[int, list[Attempt]] = defaultdict(list)
    known = {p.index for p in problems}
    for a in attempts:
        if a.index not in known:
            raise ValueError(f"attempt for unknown problem index {a.index}")
        by_index[a.index].append(a)
    total = [0, 0, 0, 0]  # solved, problems, correct, attempts
    per: dict[str, list[int]] = defaultdict(lambda: [0, 0, 0, 0])
    unframed = 0
    runs = 0
    for p in problems:
        tries = by_index.get(p.index, [])
        runs = max(runs, len(tries))
        correct = sum(a.correct for a in tries)
        solved = int(2 * correct > len(tries))
        unframed += int(any(a.error for a in tries))
        for acc in (total, per[p.collection]):
            acc[0] += solved
            acc[1] += 1
            acc[2] += correct
            acc[3] += len(tries)
    out = _rates(*total)
    out = {"problems": out["problems"], "solved": out["solved"], "rate": out["rate"],
           "runs": runs, "attempts": out["attempts"], "correct": out["correct"],
           "attempt_rate": out["attempt_rate"], "unframed": unframed}
    out["by_collection"] = {name: _rates(*acc) for name, acc in sorted(per.items())}
    return out
