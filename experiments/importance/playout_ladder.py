"""Sato & Takahashi, Fig. 3 in real games: the Elo of the MCTS engine against its playouts.

The 50 players of Fig. 3 are "the MCTS engine with 1000 + 200·n playouts" (9x9). Rather
than play all 1,225 pairs, a ladder of anchors among them (default n = 0, 5, 15, 49: 1,000,
2,000, 4,000 and 10,800 playouts) plays ``igo match`` between neighbours (``--link-games``
each, default 300) and one check pair (default the first and third anchors,
``--check-games``, default 200): komi 7.5 so no draws, colours alternating, one SQLite
database per pair under ``--work``, so a rerun resumes (only missing games are played).

Then every database is rated together by :mod:`igo.arena.ratings` (Bradley-Terry by
Coulom's MM with a colour advantage, as ``igo elo`` does; the first anchor at 0) and

    Elo(n) − Elo(n₀) = k · (log2 p(n) − log2 p(n₀)),   p(n) = base + step · n

is fitted by weighted least squares with the full covariance of the anchors' Elo (their
observed-information covariance relative to the first anchor, so generalised least
squares: ``k = xᵀV⁻¹y / xᵀV⁻¹x``, ``se(k)² = 1 / xᵀV⁻¹x``). The output gives each anchor's
Elo, its 95 % interval, its fitted value and residual; ``k`` with its 95 % interval (and the
interval widened by ``sqrt(χ²/dof)`` when the line fits worse than the intervals say); and
the check pair's observed score against the score predicted by the ladder's links alone.
``matchmaking.py --fig3-ladder`` uses ``k`` in place of the assumed 100 Elo per doubling.

Usage::

    python experiments/importance/playout_ladder.py --work WORK --workers 2
    python experiments/importance/playout_ladder.py --work WORK --fit-only

Smoke test (tiny engines, 2 games a link)::

    python experiments/importance/playout_ladder.py --work /tmp/ladder --anchors 0,1 \\
        --base-playouts 50 --step 10 --link-games 2 --out /tmp/ladder.json
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import subprocess
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from igo.arena.game_files import read_games
from igo.arena.ratings import ELO_PER_NAT, Z95, Ratings, RatingsConfig

Game = tuple[str, str, float]
DEFAULT_OUT = Path("experiments/importance/results/playout_ladder.json")
DEFAULT_ANCHORS = (0, 5, 15, 49)


class LadderError(ValueError):
    """A ladder that cannot be played or fitted (bad anchors, missing games)."""


@dataclass(frozen=True)
class Ladder:
    """Which players meet and how often.

    ``anchors`` are the ``n`` of the players (strictly increasing); ``check`` is an extra
    pair of anchors (not neighbours) or ``None``.
    """

    anchors: tuple[int, ...] = DEFAULT_ANCHORS
    base: int = 1000
    step: int = 200
    link_games: int = 300
    check: tuple[int, int] | None = (0, 15)
    check_games: int = 200

    def __post_init__(self) -> None:
        if len(self.anchors) < 2 or list(self.anchors) != sorted(set(self.anchors)):
            raise LadderError(f"need at least 2 increasing anchors, got {self.anchors}")
        if self.base < 1 or self.playouts(self.anchors[0]) < 1:
            raise LadderError("playouts must be positive")
        if self.check is not None and (not set(self.check) <= set(self.anchors)
                                       or tuple(sorted(self.check)) in self.links()
                                       or self.check[0] == self.check[1]):
            raise LadderError(f"check pair {self.check} is not two anchors that are not "
                              "neighbours")

    def playouts(self, n: int) -> int:
        """Playouts of player ``n``: ``base + step · n``."""
        return self.base + self.step * n

    def spec(self, n: int) -> str:
        """The ``igo match`` player spec (and database name) of player ``n``."""
        return f"igo:mcts:playouts={self.playouts(n)}"

    def log2_playouts(self, n: int) -> float:
        """``log2(p(n) / base)``, the regressor of the fit."""
        return math.log2(self.playouts(n) / self.base)

    def links(self) -> list[tuple[int, int]]:
        """Neighbouring anchors ``(weaker, stronger)``."""
        return list(zip(self.anchors[:-1], self.anchors[1:], strict=True))

    def pairs(self) -> list[tuple[int, int, int, str]]:
        """``(a, b, games, kind)`` of every match: the links, then the check pair."""
        pairs = [(a, b, self.link_games, "link") for a, b in self.links()]
        if self.check is not None and self.check_games > 0:
            a, b = sorted(self.check)
            pairs.append((a, b, self.check_games, "check"))
        return pairs


def pair_dir(work: Path, a: int, b: int) -> Path:
    """The folder of the match between players ``a`` and ``b``."""
    return work / f"n{a}-vs-n{b}"


def match_command(ladder: Ladder, work: Path, a: int, b: int, games: int, workers: int,
                  seed: int) -> list[str]:
    """The ``igo match`` command of one pair (resumable: rerunning it plays what is missing)."""
    folder = pair_dir(work, a, b)
    return [sys.executable, "-m", "igo", "match", ladder.spec(a), ladder.spec(b),
            "--games", str(games), "--size", "9", "--komi", "7.5", "--seed", str(seed),
            "--workers", str(workers), "--out", str(folder / "sgf"),
            "--db", str(folder / "match.db"), "--quiet"]


@dataclass(frozen=True)
class Slope:
    """``y = k · x`` fitted: ``k``, its standard error, the residuals ``y − k x`` and
    ``χ² = rᵀ V⁻¹ r`` with ``dof = len(x) − 1`` degrees of freedom."""

    k: float
    se: float
    residuals: np.ndarray
    chi2: float
    dof: int


def gls_slope(x: np.ndarray, y: np.ndarray, cov: np.ndarray) -> Slope:
    """Fit ``y = k · x`` by least squares weighted by the inverse covariance ``cov`` of
    ``y`` (generalised least squares; weighted least squares when ``cov`` is diagonal)."""
    x, y = np.asarray(x, dtype=float), np.asarray(y, dtype=float)
    if x.size == 0 or not np.any(x):
        raise LadderError("no anchor other than the reference to fit")
    weight = np.linalg.inv(np.asarray(cov, dtype=float))
    info = float(x @ weight @ x)
    k = float(x @ weight @ y) / info
    residuals = y - k * x
    chi2 = float(residuals @ weight @ residuals)
    return Slope(k, 1.0 / math.sqrt(info), residuals, chi2, int(x.size - 1))


def relative_elo(ratings: Ratings, names: Sequence[str]) -> tuple[np.ndarray, np.ndarray]:
    """Elo of ``names`` relative to ``names[0]`` and their covariance (Elo²), from the
    observed information of the fitted ``ratings``."""
    missing = [name for name in names if name not in ratings.names]
    if missing:
        raise LadderError(f"no games of {missing} (were the matches played with these "
                          "--base-playouts/--step?)")
    m = len(ratings.names)
    index = [ratings.names.index(name) for name in names]
    contrast = np.zeros((len(index), m))
    contrast[np.arange(len(index)), index] = 1.0
    contrast[:, index[0]] -= 1.0
    cov = np.linalg.inv(ratings.hessian())[:m, :m]
    elo = contrast @ ratings.log_gamma * ELO_PER_NAT
    return elo, contrast @ cov @ contrast.T * ELO_PER_NAT**2


def fit_ladder(games: Sequence[Game], ladder: Ladder, prior: float = 2.0) -> dict[str, object]:
    """Rate ``games`` together and fit ``k`` (Elo per doubling of playouts).

    Returns the ``anchors`` table (Elo relative to the first anchor, 95 % interval, games,
    fitted value, residual and its z), ``k`` (with ``low``/``high``, and
    ``low_scaled``/``high_scaled`` widened by ``sqrt(χ²/dof)`` when that exceeds 1), the
    colour advantage and the number of games.
    """
    if not games:
        raise LadderError("no games to rate")
    ratings = Ratings(RatingsConfig(prior=prior))
    ratings.add(games)
    ratings.fit()
    names = [ladder.spec(n) for n in ladder.anchors]
    elo, cov = relative_elo(ratings, names)
    x = np.array([ladder.log2_playouts(n) - ladder.log2_playouts(ladder.anchors[0])
                  for n in ladder.anchors])
    fit = gls_slope(x[1:], elo[1:], cov[1:, 1:])
    k, se = fit.k, fit.se
    sd = np.sqrt(np.maximum(np.diag(cov), 0.0))
    played = dict(zip(ratings.names, ratings.games_per_player().tolist(), strict=True))
    anchors = []
    for i, n in enumerate(ladder.anchors):
        residual = float(elo[i] - k * x[i])
        anchors.append({
            "n": n, "playouts": ladder.playouts(n), "name": names[i],
            "log2_ratio": float(x[i]),
            "elo": float(elo[i]), "low": float(elo[i] - Z95 * sd[i]),
            "high": float(elo[i] + Z95 * sd[i]), "se": float(sd[i]), "games": played[names[i]],
            "fitted": float(k * x[i]), "residual": residual,
            "z": residual / float(sd[i]) if sd[i] > 0 else 0.0})
    scale = max(1.0, math.sqrt(fit.chi2 / fit.dof)) if fit.dof else 1.0
    slope = {"elo_per_doubling": k, "se": se, "low": k - Z95 * se, "high": k + Z95 * se,
             "chi2": fit.chi2, "dof": fit.dof, "low_scaled": k - Z95 * se * scale,
             "high_scaled": k + Z95 * se * scale}
    return {"anchors": anchors, "k": slope, "colour_advantage": ratings.colour_advantage_elo,
            "games": len(games), "prior": prior}


def predict_check(link_games: Sequence[Game], check: Sequence[Game], ladder: Ladder,
                  prior: float = 2.0) -> dict[str, object]:
    """The check pair's observed score against the score predicted by the links alone.

    The stronger player's colour-averaged expected score from a fit of the link games
    (``predicted``, with the delta-method variance of the rating difference) and its
    observed score over the check games; ``z`` uses both variances.
    """
    if ladder.check is None:
        raise LadderError("this ladder has no check pair")
    a, b = sorted(ladder.check)
    weak, strong = ladder.spec(a), ladder.spec(b)
    ratings = Ratings(RatingsConfig(prior=prior))
    ratings.add(link_games)
    ratings.fit()
    diff, cov = relative_elo(ratings, [weak, strong])
    d, var_d = diff[1] / ELO_PER_NAT, cov[1, 1] / ELO_PER_NAT**2
    c = ratings.log_theta
    p_black, p_white = 1 / (1 + math.exp(-(d + c))), 1 / (1 + math.exp(-(d - c)))
    predicted = (p_black + p_white) / 2
    slope = (p_black * (1 - p_black) + p_white * (1 - p_white)) / 2
    scores = [s if black == strong else 1.0 - s for black, _, s in check]
    observed = float(np.mean(scores)) if scores else float("nan")
    var = predicted * (1 - predicted) / max(len(scores), 1) + slope**2 * var_d
    return {"weaker": a, "stronger": b, "games": len(scores), "observed_score": observed,
            "predicted_score": predicted, "predicted_elo": float(diff[1]),
            "z": (observed - predicted) / math.sqrt(var) if scores else None}


def read_pair_games(ladder: Ladder, work: Path) -> dict[tuple[int, int, str], list[Game]]:
    """The games of every pair whose database exists, by ``(a, b, kind)``."""
    found = {}
    for a, b, _, kind in ladder.pairs():
        db = pair_dir(work, a, b) / "match.db"
        if db.is_file():
            found[(a, b, kind)] = read_games(db)
    return found


def summarise(ladder: Ladder, work: Path, prior: float) -> dict[str, object]:
    """Rate every database of the ladder and describe the fit (the output JSON, less the
    commands)."""
    by_pair = read_pair_games(ladder, work)
    games = [g for pair in by_pair.values() for g in pair]
    result = fit_ladder(games, ladder, prior)
    result["pairs"] = []
    for (a, b, kind), pair in by_pair.items():
        strong = ladder.spec(b)
        score = sum(s if black == strong else 1.0 - s for black, _, s in pair)
        result["pairs"].append({"weaker": a, "stronger": b, "kind": kind, "games": len(pair),
                                "stronger_score": score / len(pair) if pair else None,
                                "db": str(pair_dir(work, a, b) / "match.db")})
    links = [g for (_, _, kind), pair in by_pair.items() if kind == "link" for g in pair]
    check = [g for (_, _, kind), pair in by_pair.items() if kind == "check" for g in pair]
    result["check"] = predict_check(links, check, ladder, prior) if check else None
    return result


def parse_anchors(text: str) -> tuple[int, ...]:
    """``"0,5,15,49"`` → ``(0, 5, 15, 49)``."""
    try:
        return tuple(int(part) for part in text.split(","))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected n,n,…, got {text!r}") from None


def parse_args(argv: Sequence[str] | None) -> argparse.Namespace:
    """The command line (see the module docstring)."""
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--work", type=Path, required=True, help="one folder per pair, resumable")
    p.add_argument("--anchors", type=parse_anchors, default=DEFAULT_ANCHORS,
                   help="n of the anchors, increasing (default 0,5,15,49)")
    p.add_argument("--base-playouts", type=int, default=1000, help="p(0) (default 1000)")
    p.add_argument("--step", type=int, default=200, help="p(n) = base + step·n (default 200)")
    p.add_argument("--link-games", type=int, default=300, help="games per link (default 300)")
    p.add_argument("--check", type=parse_anchors, default=None,
                   help="check pair a,b (default the first and third anchors; none if < 3)")
    p.add_argument("--check-games", type=int, default=200,
                   help="games of the check pair (default 200; 0: none)")
    p.add_argument("--workers", type=int, default=1, help="games at once per match")
    p.add_argument("--seed", type=int, default=7, help="game i of each match: seed + i")
    p.add_argument("--prior", type=float, default=2.0, help="as igo elo --prior (default 2)")
    p.add_argument("--fit-only", action="store_true", help="only rate the stored games")
    p.add_argument("--out", type=Path, default=DEFAULT_OUT, help=f"JSON (default {DEFAULT_OUT})")
    return p.parse_args(argv)


def ladder_of(args: argparse.Namespace) -> Ladder:
    """The ladder the options describe."""
    anchors = tuple(args.anchors)
    check = args.check
    if check is None and len(anchors) >= 3:
        check = (anchors[0], anchors[2])
    if check is not None and len(check) != 2:
        raise LadderError(f"--check needs two anchors, got {check}")
    return Ladder(anchors, args.base_playouts, args.step, args.link_games,
                  None if check is None else (check[0], check[1]), args.check_games)


def main(argv: Sequence[str] | None = None) -> int:
    """Play the missing games (unless ``--fit-only``), fit, write the JSON."""
    args = parse_args(argv)
    try:
        ladder = ladder_of(args)
    except LadderError as exc:
        print(f"playout_ladder: {exc}", file=sys.stderr)
        return 2
    commands = [match_command(ladder, args.work, a, b, games, args.workers, args.seed)
                for a, b, games, _ in ladder.pairs()]
    if not args.fit_only:
        for command in commands:
            print("$ " + shlex.join(command), flush=True)
            done = subprocess.run(command, check=False)
            if done.returncode != 0:
                print(f"igo match exited {done.returncode}; rerun to resume", file=sys.stderr)
                return 1
    try:
        result = summarise(ladder, args.work, args.prior)
    except (LadderError, ValueError) as exc:
        print(f"playout_ladder: {exc}", file=sys.stderr)
        return 1
    argv_used = list(sys.argv[1:] if argv is None else argv)
    doc = {"schema": 1, "base_playouts": ladder.base, "step": ladder.step,
           "size": 9, "komi": 7.5, **result,
           "command": shlex.join(["python", "experiments/importance/playout_ladder.py",
                                  *argv_used]),
           "match_commands": [shlex.join(["python", *c[1:]]) for c in commands]}
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(doc, indent=1) + "\n")
    k = result["k"]
    assert isinstance(k, dict)
    print(f"k = {k['elo_per_doubling']:.1f} Elo per doubling "
          f"[{k['low']:.1f}, {k['high']:.1f}], chi2 {k['chi2']:.2f} on {k['dof']} dof; "
          f"{result['games']} games -> {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
