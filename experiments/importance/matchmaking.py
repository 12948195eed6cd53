"""Sato & Takahashi, Figs. 3–4: the four matchmaking strategies, by simulation.

50 players of known strength play 1,000 matchmakings (each two games from the same position
with colours swapped, so 2,000 games); after each matchmaking every player is rated by
:class:`igo.arena.ratings.Ratings` (Bradley-Terry by MM, warm start) and the mean absolute
difference between each player's computed rank and its ideal rank is recorded. 10
repetitions per strategy, as in the paper.

Outcomes are drawn from a Bradley-Terry win table (the pairwise table of real games between
50 engines would be the paper's way):

``fig3``
    Players ``n = 0…49`` are "the MCTS engine with 1000 + 200·n playouts": Elo
    ``k · log2((1000 + 200 n) / 1000)``, with ``k`` (and the colour advantage) fitted to
    real games between anchors of that ladder by ``playout_ladder.py``: by default its
    committed ``results/playout_ladder.json`` (``--fig3-ladder PATH`` for another), or,
    with ``--fig3-assumed`` or where that file is absent, an assumed ``k = 100`` (100 Elo
    per doubling of playouts) and 30 Elo for Black. No intransitivity, so the ideal
    ranking is the order of strengths.
``fig4``
    Players of similar strength with "affinities", as the paper's initial individuals: by
    default Elo drawn from ``N(0, 40²)`` plus an antisymmetric pairwise term ``N(0, 40²)``
    Elo, so the win rates are not transitive. With ``--fig4-run RUN_DIR`` the strengths are
    the Elo of the evolve run's initial individuals (step 0), fitted by Bradley-Terry to the
    real games of its database (``--fig4-games all``: every finished game of the run, the
    initial individuals' games against later ones included; ``step0``: the initial round
    only), with its measured colour advantage and no affinities (``--fig4-affinity-sd S``
    adds the random ones). The ideal ranking is the round robin's (each player's expected
    score against all others, the limit of the paper's 1,000 games per pair).

The assumed models give Black a 30 Elo first-move advantage. Each run's record in
``matchmaking.jsonl`` and the summary ``matchmaking.json`` (``models``) say which model
produced each figure. Usage::

    python experiments/importance/matchmaking.py --out experiments/importance/results
    python experiments/importance/matchmaking.py --out DIR --fig3-assumed
    python experiments/importance/matchmaking.py --out DIR \
        --fig4-run runs/importance-progress-device
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
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
FIG4_SEED = 4
ASSUMED_SD = 40.0
DEFAULT_LADDER = Path(__file__).parent / "results" / "playout_ladder.json"


@dataclass(frozen=True)
class StrengthModel:
    """The strengths behind one figure: Elo, pairwise affinities (Elo, antisymmetric), the
    colour advantage, and a JSON description of where they come from."""

    elo: np.ndarray
    affinity: np.ndarray
    colour_elo: float
    description: dict[str, object]


def fig3_elo(k: float = 100.0) -> np.ndarray:
    """Elo of the engine with 1000 + 200·n playouts, ``k`` Elo per doubling."""
    return k * np.log2((1000.0 + 200.0 * np.arange(PLAYERS)) / 1000.0)


def assumed_fig3() -> StrengthModel:
    """Fig. 3 with the assumed 100 Elo per doubling of playouts."""
    return StrengthModel(fig3_elo(), np.zeros((PLAYERS, PLAYERS)), COLOUR_ELO,
                         {"source": "assumed", "elo_per_doubling": 100.0,
                          "colour_elo": COLOUR_ELO,
                          "label": "1000 + 200·n playouts, assumed 100 Elo/doubling"})


def ladder_fig3(path: Path) -> StrengthModel:
    """Fig. 3 with ``k`` and the colour advantage fitted by ``playout_ladder.py``."""
    doc = json.loads(Path(path).read_text())
    k = float(doc["k"]["elo_per_doubling"])
    colour = float(doc["colour_advantage"])
    return StrengthModel(fig3_elo(k), np.zeros((PLAYERS, PLAYERS)), colour,
                         {"source": "ladder", "path": os.path.relpath(path),
                          "elo_per_doubling": k,
                          "low": doc["k"]["low"], "high": doc["k"]["high"],
                          "games": doc["games"], "colour_elo": colour,
                          "ladder_playouts": [a["playouts"] for a in doc["anchors"]],
                          "label": f"1000 + 200·n playouts, {k:.0f} Elo/doubling (measured)"})


def random_affinity(players: int, sd: float, rng: np.random.Generator) -> np.ndarray:
    """An antisymmetric matrix of pairwise Elo terms ``N(0, sd²)``."""
    upper = np.triu(rng.normal(0.0, sd, (players, players)), 1)
    return upper - upper.T


def assumed_fig4(seed: int = FIG4_SEED, affinity_sd: float = ASSUMED_SD) -> StrengthModel:
    """Fig. 4 with Elo ``N(0, 40²)`` and random affinities ``N(0, affinity_sd²)``."""
    rng = np.random.default_rng(seed)
    elo = rng.normal(0.0, ASSUMED_SD, PLAYERS)
    return StrengthModel(elo, random_affinity(PLAYERS, affinity_sd, rng), COLOUR_ELO,
                         {"source": "assumed", "elo_sd": ASSUMED_SD,
                          "affinity_sd": affinity_sd, "colour_elo": COLOUR_ELO, "seed": seed,
                          "label": "similar players, assumed "
                                   + ("affinities" if affinity_sd > 0 else "Elo, no affinities")})


def run_games(run_dir: Path, which: str = "all") -> tuple[list[int], list[tuple[int, int, float]]]:
    """The initial individuals (step 0) of an evolve run and its finished games
    ``(black, white, black_score)`` (``which``: ``all`` or ``step0``), read-only."""
    path = Path(run_dir)
    db_path = path / "evolve.sqlite" if path.is_dir() else path
    if not db_path.is_file():
        raise FileNotFoundError(f"{db_path}: no evolve database")
    db = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
    try:
        initial = [int(i) for (i,) in db.execute(
            "SELECT id FROM individuals WHERE step = 0 ORDER BY id")]
        where = "status = 'done'" + (" AND step = 0" if which == "step0" else "")
        games = [(int(b), int(w), float(x)) for b, w, x in db.execute(
            f"SELECT black, white, score FROM games WHERE {where} ORDER BY id")]
    finally:
        db.close()
    return initial, games


def initial_ratings(run_dir: Path, which: str = "all", prior: float = 2.0
                    ) -> dict[str, object]:
    """Bradley-Terry Elo of an evolve run's initial individuals from its real games.

    Every individual of the games is rated (so games against later individuals count);
    the initial ones' Elo is given relative to their own mean, with standard errors from
    the observed information. Returns ``ids``, ``elo``, ``se``, ``games`` (arrays in id
    order), ``colour_elo`` and ``total_games``.
    """
    initial, games = run_games(run_dir, which)
    if not initial:
        raise ValueError(f"{run_dir}: no initial individuals")
    ratings = Ratings(RatingsConfig(prior=prior))
    ratings.add_players(str(i) for i in initial)
    ratings.add((str(b), str(w), x) for b, w, x in games)
    ratings.fit()
    m, n = len(ratings.names), len(initial)
    index = [ratings.names.index(str(i)) for i in initial]
    contrast = np.zeros((n, m))
    contrast[np.arange(n), index] = 1.0
    contrast[:, index] -= 1.0 / n
    cov = contrast @ np.linalg.inv(ratings.hessian())[:m, :m] @ contrast.T
    played = ratings.games_per_player()
    return {"ids": np.array(initial), "elo": contrast @ ratings.log_gamma * ELO_PER_NAT,
            "se": np.sqrt(np.maximum(np.diag(cov), 0.0)) * ELO_PER_NAT,
            "games": played[index], "colour_elo": ratings.colour_advantage_elo,
            "total_games": len(games)}


def run_fig4(run_dir: Path, which: str = "all", affinity_sd: float = 0.0,
             seed: int = FIG4_SEED) -> StrengthModel:
    """Fig. 4 with the fitted Elo of an evolve run's initial individuals."""
    fit = initial_ratings(run_dir, which)
    elo = np.asarray(fit["elo"], dtype=float)
    affinity = (random_affinity(len(elo), affinity_sd, np.random.default_rng(seed))
                if affinity_sd > 0 else np.zeros((len(elo), len(elo))))
    colour = float(fit["colour_elo"])  # type: ignore[arg-type]
    return StrengthModel(elo, affinity, colour, {
        "source": "run", "run": str(run_dir), "games_used": which,
        "players": len(elo), "total_games": fit["total_games"],
        "elo_sd": float(np.std(elo, ddof=1)),
        "mean_se": float(np.mean(np.asarray(fit["se"]))),
        "mean_games": float(np.mean(np.asarray(fit["games"]))),
        "affinity_sd": affinity_sd, "colour_elo": colour,
        "individuals": {"ids": np.asarray(fit["ids"]).tolist(),
                        "elo": np.round(elo, 1).tolist(),
                        "se": np.round(np.asarray(fit["se"], dtype=float), 1).tolist()},
        "label": "initial individuals, Elo from real games"
                 + (", random affinities" if affinity_sd > 0 else "")})


def black_win_table(elo: np.ndarray, affinity: np.ndarray,
                    colour_elo: float = COLOUR_ELO) -> np.ndarray:
    """``P[b, w]``: probability that ``b`` (Black) beats ``w``."""
    diff = elo[:, None] - elo[None, :] + affinity + colour_elo
    return 1.0 / (1.0 + np.exp(-diff / ELO_PER_NAT))


def ideal_table(strengths: StrengthModel) -> tuple[np.ndarray, np.ndarray]:
    """The win table and the ideal rank of each player (0 = best): the order of the
    expected scores of a round robin with both colours."""
    table = black_win_table(strengths.elo, strengths.affinity, strengths.colour_elo)
    score = (table + (1.0 - table.T)) / 2.0  # both colours
    np.fill_diagonal(score, np.nan)
    expected = np.nanmean(score, axis=1)
    ideal = np.empty(len(expected), dtype=int)
    ideal[np.argsort(-expected, kind="stable")] = np.arange(len(expected))
    return table, ideal


def model(figure: str, seed: int = FIG4_SEED) -> tuple[np.ndarray, np.ndarray]:
    """The assumed win table and ideal ranks of one figure (the default models)."""
    return ideal_table(assumed_fig3() if figure == "fig3" else assumed_fig4(seed))


def run_once(table: np.ndarray, ideal: np.ndarray, strategy: str, repetition: int,
             matchmakings: int, rank_sigma: float) -> list[float]:
    """Mean rank error after every :data:`RECORD_EVERY` matchmakings of one repetition."""
    players = len(ideal)
    rng = np.random.default_rng([repetition, list(Strategy).index(Strategy(strategy))])
    config = MatchmakingConfig(Strategy(strategy), rank_sigma=rank_sigma)
    ratings = Ratings(RatingsConfig(tolerance=1e-4))  # ranks only: 0.02 Elo is plenty
    ratings.add_players(str(p) for p in range(players))
    last = [NOT_PLAYED] * players
    ranking = list(rng.permutation(players))
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
                 np.lexsort((rng.random(players), -ratings.log_gamma))]
        ranking = order
        if m % RECORD_EVERY == 0:
            computed = np.empty(players, dtype=int)
            computed[order] = np.arange(players)
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
    fig3 = parser.add_mutually_exclusive_group()
    fig3.add_argument("--fig3-ladder", type=Path, default=None, metavar="PATH",
                      help="Fig. 3 with k (Elo per doubling of playouts) and the colour "
                           "advantage of playout_ladder.py's JSON (default: "
                           f"{DEFAULT_LADDER.name} beside this script's results)")
    fig3.add_argument("--fig3-assumed", action="store_true",
                      help="Fig. 3 with the assumed 100 Elo per doubling instead")
    parser.add_argument("--fig4-run", type=Path, default=None, metavar="RUN_DIR",
                        help="Fig. 4 with the Elo of this evolve run's initial individuals "
                             "fitted to its real games (default: assumed N(0, 40²))")
    parser.add_argument("--fig4-games", choices=("all", "step0"), default="all",
                        help="with --fig4-run: rate from every finished game of the run "
                             "(default) or from the initial round only")
    parser.add_argument("--fig4-affinity-sd", type=float, default=None, metavar="ELO",
                        help="random antisymmetric affinities N(0, ELO²) (default 40 for "
                             "the assumed model, 0 with --fig4-run)")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    runs_path = args.out / "matchmaking.jsonl"
    if not args.plot_only:
        run_all(args, runs_path, strength_models(args))
    result = summarise([json.loads(line) for line in runs_path.read_text().splitlines()])
    (args.out / "matchmaking.json").write_text(json.dumps(result, indent=1) + "\n")
    plot(result, args.out / "matchmaking.png")


def fig3_model(ladder: Path | None, assumed: bool,
               default: Path = DEFAULT_LADDER) -> StrengthModel:
    """Fig. 3's strengths: the given ladder's fit, else the committed one, else (or with
    ``assumed``) 100 Elo per doubling."""
    if assumed:
        return assumed_fig3()
    if ladder is not None:
        return ladder_fig3(ladder)
    return ladder_fig3(default) if default.is_file() else assumed_fig3()


def strength_models(args: argparse.Namespace) -> dict[str, StrengthModel]:
    """The strengths of each figure as the options choose them."""
    fig3 = fig3_model(args.fig3_ladder, args.fig3_assumed)
    if args.fig4_run is None:
        sd = ASSUMED_SD if args.fig4_affinity_sd is None else args.fig4_affinity_sd
        fig4 = assumed_fig4(FIG4_SEED, sd)
    else:
        fig4 = run_fig4(args.fig4_run, args.fig4_games, args.fig4_affinity_sd or 0.0)
    return {"fig3": fig3, "fig4": fig4}


def run_all(args: argparse.Namespace, runs_path: Path,
            models: dict[str, StrengthModel]) -> None:
    """All runs, repetitions outermost, each appended to ``runs_path`` when done."""
    tables = {f: ideal_table(m) for f, m in models.items()}
    jobs = [(f, s.value, r) for r in range(args.repetitions) for f in ("fig3", "fig4")
            for s in Strategy]
    runs_path.write_text("")
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(run_once, *tables[f], s, r, args.matchmakings,
                               args.rank_sigma): (f, s, r) for f, s, r in jobs}
        for future in as_completed(futures):
            figure, strategy, repetition = futures[future]
            record = {"figure": figure, "strategy": strategy, "repetition": repetition,
                      "rank_sigma": args.rank_sigma, "model": models[figure].description,
                      "errors": future.result()}
            with runs_path.open("a") as handle:
                handle.write(json.dumps(record) + "\n")


def summarise(runs: list[dict[str, object]]) -> dict[str, object]:
    """Mean error curve per figure and strategy over the repetitions that finished, and
    the strength model of each figure (``models``; runs written before models were
    recorded used the assumed ones)."""
    result: dict[str, object] = {}
    legacy = {"fig3": assumed_fig3().description, "fig4": assumed_fig4().description}
    models: dict[str, object] = {}
    for figure in ("fig3", "fig4"):
        found = [r.get("model", legacy[figure]) for r in runs if r["figure"] == figure]
        distinct = [m for i, m in enumerate(found) if m not in found[:i]]
        models[figure] = distinct[0] if len(distinct) == 1 else distinct
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
    result["models"] = models
    return result


def plot(result: dict[str, object], path: Path) -> None:
    """Two panels like the paper's Figs. 3 and 4: mean rank error against games."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, 2, figsize=(11, 4))
    models = result.get("models", {})
    assert isinstance(models, dict)
    for axis, figure in zip(axes, ("fig3", "fig4"), strict=True):
        described = models.get(figure)
        label = described.get("label", "") if isinstance(described, dict) else "mixed models"
        title = f"Fig. {figure[-1]}: {label}"
        curves = result[figure]
        assert isinstance(curves, dict)
        for name, curve in curves.items():
            axis.plot(result["games"], curve["mean"],
                      label=f"{name} ({curve['repetitions']} runs)")
        axis.set(title=title, xlabel="games", ylabel="mean rank error", xlim=(0, 2000))
        axis.set_ylim(bottom=0)
        axis.grid(alpha=0.3)
    axes[0].legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)


if __name__ == "__main__":
    main()
