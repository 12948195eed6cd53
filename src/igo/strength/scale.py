"""The numeric scale of strength estimation (Araki et al. regress GoQuest ratings; our
records carry kyu/dan ranks).

We map a rank to rating points, 100 a rank, with 1 kyu at 2000 and 1 dan at 2100::

    rating = one_kyu + points_per_rank * Rank.value     (igo.core.rank: 1k = 0, 1d = 1)

so 5k = 1600, 1k = 2000, 1d = 2100, 9d = 2900 (professional ranks, a third of a rank
apart, sit above 9d). Errors are reported in points and in ranks (points / 100).

The three classes of section 7 (paper: < 1500, 1500–2000, >= 2000 on GoQuest, about
25 % / 46 % / 29 % of the training games) become, on Fox's 5k–9d records, balanced about
as in the paper: class 0 = 1d and below (< 2200), class 1 = 2d–6d, class 2 = 7d and
above (>= 2700).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from igo.core.rank import parse_rank


@dataclass(frozen=True)
class RankScale:
    """Rank ↔ rating points, and the class boundaries (section 7)."""

    points_per_rank: float = 100.0
    one_kyu: float = 2000.0
    class_bounds: tuple[float, float] = (2200.0, 2700.0)

    def rating(self, text: str | None) -> float | None:
        """Rating of a rank text (``3k``, ``5d``, ``9段``, ``5级``), ``None`` if no rank."""
        rank = parse_rank(text)
        if rank is None:
            return None
        return self.one_kyu + self.points_per_rank * rank.value

    def rank_value(self, rating: float) -> float:
        """Continuous rank value (1k = 0, 1d = 1) of a rating."""
        return (rating - self.one_kyu) / self.points_per_rank

    def rank_text(self, rating: float) -> str:
        """The nearest amateur rank of a rating (``"3d"``, ``"2k"``; clipped to 30k–9d)."""
        v = round(self.rank_value(rating))
        v = max(-29, min(9, v))
        return f"{v}d" if v >= 1 else f"{1 - v}k"

    def classes(self, ratings: np.ndarray) -> np.ndarray:
        """Class 0, 1, 2 of each rating (section 7)."""
        lo, hi = self.class_bounds
        r = np.asarray(ratings, dtype=np.float64)
        return (r >= lo).astype(np.int64) + (r >= hi).astype(np.int64)

    def class_names(self) -> tuple[str, str, str]:
        """Readable names of the three classes."""
        lo, hi = self.class_bounds
        return (f"<= {self.rank_text(lo - self.points_per_rank)}",
                f"{self.rank_text(lo)}-{self.rank_text(hi - self.points_per_rank)}",
                f">= {self.rank_text(hi)}")
