"""Does ``igo elo`` give known strengths back within its 95 % intervals? (issue 10, part 1)

20 players at -300 … +300 Elo, Black +40 Elo, 6,000 games between random pairs drawn from
the Bradley-Terry model, rated by :class:`igo.arena.ratings.Ratings`; repeated, counting how
often each player's true (mean-centred) Elo lies inside its interval. Usage::

    python experiments/importance/elo_coverage.py --repetitions 20
"""

from __future__ import annotations

import argparse
import json

import numpy as np

from igo.arena.ratings import Ratings


def games(elo: np.ndarray, colour_elo: float, count: int,
          rng: np.random.Generator) -> list[tuple[str, str, float]]:
    """Random pairs, outcomes from Bradley-Terry with Black's advantage ``colour_elo``."""
    black = rng.integers(0, len(elo), count)
    white = (black + rng.integers(1, len(elo), count)) % len(elo)
    p = 1.0 / (1.0 + 10.0 ** (-(elo[black] - elo[white] + colour_elo) / 400.0))
    won = rng.random(count) < p
    return [(f"p{b:02d}", f"p{w:02d}", float(x)) for b, w, x in zip(black, white, won,
                                                                  strict=True)]


def main() -> None:
    """Print coverage, mean interval width and the fitted colour advantage as JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repetitions", type=int, default=20)
    parser.add_argument("--games", type=int, default=6000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    rng = np.random.default_rng(args.seed)
    true = np.linspace(-300.0, 300.0, 20)
    inside, widths, errors, colour = 0, [], [], []
    for _ in range(args.repetitions):
        ratings = Ratings()
        ratings.add(games(true, 40.0, args.games, rng))
        ratings.fit()
        for row in ratings.table():
            target = true[int(row.name[1:])] - true.mean()
            inside += int(row.low <= target <= row.high)
            widths.append(row.high - row.low)
            errors.append(row.elo - target)
        colour.append(ratings.colour_advantage_elo)
    total = args.repetitions * len(true)
    print(json.dumps({"intervals": total, "inside": inside, "coverage": inside / total,
                      "mean_width": float(np.mean(widths)),
                      "rms_error": float(np.sqrt(np.mean(np.square(errors)))),
                      "colour_mean": float(np.mean(colour)),
                      "colour_sd": float(np.std(colour)), "colour_true": 40.0}))


if __name__ == "__main__":
    main()
