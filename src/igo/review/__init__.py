"""``igo review``: one game record in, one report out — the engine's verdict on every
move, each player's strength from the game, what the move model expected and the
influence, in a page a player opens offline.

- :mod:`igo.review.positions`, :mod:`igo.review.evaluate`, :mod:`igo.review.cache`:
  the engine's evaluation of every position (the shared service
  :mod:`igo.analysis`), in worker processes, cached in SQLite;
- :mod:`igo.review.net_judge`: a net's value and score heads as the judge, refined by
  the searches (KaTrain's points lost), where a net with heads is given;
- :mod:`igo.review.figures`: per move and per player; :mod:`igo.review.strength`:
  the rank from the game (Araki et al.); :mod:`igo.review.judge`: how strong the judge
  is;
- :mod:`igo.review.game`: :func:`review_game` puts them together;
- outputs: :mod:`igo.review.html` (the page, its CSS and script in
  :mod:`igo.review.page_assets`), :mod:`igo.review.json_out` (``--json``),
  :mod:`igo.review.sgf_out` (``--sgf``, with Sabaki's ``SBKV``).
"""

from igo.review.evaluate import EvalSettings, default_budget
from igo.review.game import GameReview, review_game
from igo.review.html import review_html
from igo.review.json_out import review_dict
from igo.review.sgf_out import annotated_sgf

__all__ = ["EvalSettings", "GameReview", "annotated_sgf", "default_budget", "review_dict",
           "review_game", "review_html"]
