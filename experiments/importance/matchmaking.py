"""Paper 004, Figs. 3–4: the four matchmaking strategies, by simulation.

50 players of known strength play 1,000 matchmakings (each two games from the same position
with colours swapped, so 2,000 games); after each matchmaking every player is rated by
:class:`igo.arena.ratings.Ratings` (Bradley-Terry by MM, warm start) and the mean absolute
difference between each player's computed rank and its ideal rank is recorded. 10
repetitions per strategy, as in the paper.

Outcomes are drawn from a Bradley-Terry model, not from engine games (the pairwise table of
real games between 50 engines comes later):

``fig3``
    Players ``n = 0…49`` are "the MCTS engine with 1000 + 200·n playouts": Elo
    ``100 · log2((1000 + 200 n) / 1000)`` (100 Elo per doubling of playouts, an assumption);
    no intransitivity, so the ideal ranking is the order of strengths.
``fig4``
    Players of similar strength with "affinities", as the paper's initial individuals: Elo
    drawn from ``N(0, 40²)`` plus an antisymmetric pairwise term ``N(0, 40²)`` Elo, so the
    win rates are not transitive; the ideal ranking is the round robin's (each player's
    expected score against all others, the limit of the paper's 1,000 games per pair).

Black has a 30 Elo first-move advantage in both. Usage::

    python experiments/importance/matchmaking.py --out experiments/importance/results
"""

from __future__ import annotations

import argparse
import json
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path

import numpy as np

from igo.arena.matchmaking import (
    NOT_PLAYED,
    MatchmakingConfig,
    Strategy,
    choose_pairing,
    pair_result,
)
from igo.arena.ratings import ELO_PER_NAT, Ratings, RatingsConfig

PLAYERS = 50
COLOUR_ELO = 30.0
RECORD_EVERY = 25  # matchmakings, i.e. 50 games


def fig3_elo() -> np.ndarray:
    """Elo of the engine with 1000 + 200·n playouts, 100 Elo per doubling."""
    return 100.0 * np.log2((1000.0 + 200.0 * np.arange(PLAYERS)) / 1000.0)


def black_win_table(elo: np.ndarray, affinity: np.ndarray) -> np.ndarray:
    """``P[b, w]``: probability that ``b`` (Black) beats ``w``."""
    diff = elo[:, None] - elo[None, :] + affinity + COLOUR_ELO
    return 1.0 / (1.0 + np.exp(-diff / ELO_PER_NAT))


def model(figure: str, seed: int) -> tuple[np.ndarray, np.ndarray]:
    """The win table and the ideal rank of each player (0 = best) of one figure."""
    if figure == "fig3":
        elo, affinity = fig3_elo(), np.zeros((PLAYERS, PLAYERS))
    else:
        rng = np.random.default_rng(seed)
        elo = rng.normal(0.0, 40.0, PLAYERS)
        upper = np.triu(rng.normal(0.0, 40.0, (PLAYERS, PLAYERS)), 1)
        affinity = upper - upper.T
    table = black_win_table(elo, affinity)
    score = (table + (1.0 - table.T)) / 2.0  # both colours
    np.fill_diagonal(score, np.nan)
    expected = np.nanmean(score, axis=1)
    ideal = np.empty(PLAYERS, dtype=int)
    ideal[np.argsort(-expected, kind="stable")] = np.arange(PLAYERS)
    return table, ideal


def run_once(figure: str, strategy: str, repetition: int, matchmakings: int,
             rank_sigma: float) -> list[float]:
    """Mean rank error after every :data:`RECORD_EVERY` matchmakings of one repetition."""
    table, ideal = model(figure, seed=4)
    rng = np.random.default_rng([repetition, list(Strategy).index(Strategy(strategy))])
    config = MatchmakingConfig(Strategy(strategy), rank_sigma=rank_sigma)
    ratings = Ratings(RatingsConfig(tolerance=1e-4))  # ranks only: 0.02 Elo is plenty
    ratings.add_players(str(p) for p in range(PLAYERS))
    last = [NOT_PLAYED] * PLAYERS
    ranking = list(rng.permutation(PLAYERS))
    errors = []
    for m in range(1, matchmakings + 1):
        pairing = choose_pairing(config, ranking, last, rng)
        scores = tuple(float(rng.random() < table[b, w]) for b, w in pairing.games())
        ratings.add((str(b), str(w), s) for (b, w), s in zip(pairing.games(), scores,
                                                              strict=True))
        points = pair_result((scores[0], scores[1]))
        last[pairing.first], last[pairing.second] = points, 2 - points
        ratings.fit()
        order = [int(ratings.names[i]) for i in
                 np.lexsort((rng.random(PLAYERS), -ratings.log_gamma))]
        ranking = order
        if m % RECORD_EVERY == 0:
            computed = np.empty(PLAYERS, dtype=int)
            computed[order] = np.arange(PLAYERS)
            errors.append(float(np.mean(np.abs(computed - ideal))))
    return errors


def main() -> None:
    """Run every repetition × figure × strategy; write JSONL as runs finish, then a PNG."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matchmakings", type=int, default=1000)
    parser.add_argument("--repetitions", type=int, default=10)
    parser.add_argument("--rank-sigma", type=float, default=3.0)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("experiments/importance/results"))
    parser.add_argument("--plot-only", action="store_true",
                        help="summarise the runs already in matchmaking.jsonl")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    runs_path = args.out / "matchmaking.jsonl"
    if not args.plot_only:
        run_all(args, runs_path)
    result = summarise([json.loads(line) for line in runs_path.read_text().splitlines()])
    (args.out / "matchmaking.json").write_text(json.dumps(result, indent=1) + "\n")
    plot(result, args.out / "matchmaking.png")


def run_all(args: argparse.Namespace, runs_path: Path) -> None:
    """All runs, repetitions outermost, each appended to ``runs_path`` when done."""
    jobs = [(f, s.value, r) for r in range(args.repetitions) for f in ("fig3", "fig4")
            for s in Strategy]
    runs_path.write_text("")
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(run_once, f, s, r, args.matchmakings, args.rank_sigma): (f, s, r)
                   for f, s, r in jobs}
        for future in as_completed(futures):
            figure, strategy, repetition = futures[future]
            record = {"figure": figure, "strategy": strategy, "repetition": repetition,
                      "rank_sigma": args.rank_sigma, "errors": future.result()}
            with runs_path.open("a") as handle:
                handle.write(json.dumps(record) + "\n")


def summarise(runs: list[dict[str, object]]) -> dict[str, object]:
    """Mean error curve per figure and strategy over the repetitions that finished."""
    result: dict[str, object] = {}
    for figure in ("fig3", "fig4"):
        curves: dict[str, object] = {}
        for strategy in Strategy:
            errors = [r["errors"] for r in runs
                      if r["figure"] == figure and r["strategy"] == strategy.value]
            if errors:
                curves[strategy.value] = {"repetitions": len(errors),
                                          "mean": np.mean(errors, axis=0).tolist()}
        result[figure] = curves
    length = max(len(r["errors"]) for r in runs)  # type: ignore[arg-type]
    result["games"] = [2 * RECORD_EVERY * (i + 1) for i in range(length)]
    return result


def plot(result: dict[str, object], path: Path) -> None:
    """Two panels like the paper's Figs. 3 and 4: mean rank error against games."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    titles = {"fig3": "Fig. 3: 1000 + 200·n playouts (transitive)",
              "fig4": "Fig. 4: similar players with affinities"}
    for axis, figure in zip(axes, ("fig3", "fig4"), strict=True):
        curves = result[figure]
        assert isinstance(curves, dict)
        for name, curve in curves.items():
            axis.plot(result["games"], curve["mean"],
                      label=f"{name} ({curve['repetitions']} runs)")
        axis.set(title=titles[figure], xlabel="games", ylabel="mean rank error", xlim=(0, 2000))
        axis.set_ylim(bottom=0)
        axis.grid(alpha=0.3)
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
