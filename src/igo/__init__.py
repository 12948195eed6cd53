"""igo: a computer-Go program and research toolkit.

The core vocabulary is re-exported here: ``Board``, ``Color``, ``Point``, ``Move``,
``GameRecord``, ``Ruleset`` and the errors.

igo implements the methods of five papers (their texts are in the project's shared
``papers/`` folder). Docstrings cite them by these short names:

- *Honda et al.*: Takuro Honda, Simon Viennot, Kokolo Ikeda, "Broad Pattern Matching
  for the Opening Moves in Go" (c. 2012; the text carries no date, its latest
  reference is of 2011): the move model, :mod:`igo.features` and :mod:`igo.movepred`;
- *Ohta & Itoh*: Takehiro Ohta, Masaru Itoh, "An Igo Algorithm of Monte Carlo Tree
  Search Including Tabu Search" (2013; the text cites a tournament of March 2013):
  :mod:`igo.search`, :mod:`igo.tsumego`;
- *Araki et al.*: Nobuo Araki, Kunihito Hoki, Masakazu Muramatsu, "Estimating Player's
  Strength by CNN from One Game Record of Go" (IPSJ Journal, 2016): :mod:`igo.strength`;
- *Fukui et al.*: Masato Fukui, Yoshinori Takeuchi, Tetuya Matumoto, Hiroaki Kudo,
  Tuyoshi Yamamura, Noboru Ohnishi, "Computer-Go: a Model of computing influence
  matched to human intuition" (undated; its latest reference is of 1998):
  :mod:`igo.influence`;
- *Sato & Takahashi*: Yoshikuni Sato, Daisuke Takahashi, "Learning Weights of Training
  Data by Large Game Results" (c. 2013; undated, its latest reference is of 2012):
  :mod:`igo.evolve`, :mod:`igo.arena.ratings`, :mod:`igo.arena.matchmaking`.
"""

from igo.core import (
    Board,
    Color,
    GameRecord,
    GameResult,
    IllegalMoveError,
    Move,
    Point,
    Ruleset,
)

__version__ = "0.1.0"

__all__ = [
    "Board",
    "Color",
    "GameRecord",
    "GameResult",
    "IllegalMoveError",
    "Move",
    "Point",
    "Ruleset",
    "__version__",
]
