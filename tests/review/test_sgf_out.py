"""The annotated record (:mod:`igo.review.sgf_out`): Sabaki's SBKV, comments,
variations; sgfmill reads it back."""

from __future__ import annotations

import pytest
from sgfmill import sgf

from igo.review.game import GameReview
from igo.review.sgf_out import annotated_sgf, sbkv
from igo.sgf import parse_sgf


def test_sbkv_is_blacks_percent() -> None:
    assert sbkv(0.5525) == "55.25" and sbkv(0.0) == "0.00" and sbkv(1.2) == "100.00"


@pytest.mark.parametrize("which", ["review9", "review_handicap"])
def test_parses_back_with_sbkv_on_every_node(which: str, request: pytest.FixtureRequest
                                             ) -> None:
    review: GameReview = request.getfixturevalue(which)
    text = annotated_sgf(review)
    game = sgf.Sgf_game.from_bytes(text.encode())
    main = game.get_main_sequence()
    rec = review.record
    assert len(main) == len(rec.moves) + 1
    for k, node in enumerate(main):
        value = float(node.get("SBKV"))
        assert value == pytest.approx(100 * review.evals[k].winrate_black, abs=0.006)
    for node, move in zip(main[1:], rec.moves, strict=True):
        colour, point = node.get_move()
        assert colour == move.color.letter.lower()
        assert point == (None if move.point is None else
                         (rec.size - 1 - move.point[0], move.point[1]))
        assert node.get("C").startswith("Move ")
    assert "Reviewed by igo review" in main[0].get("C")
    # the main line is still the game, for igo too
    back = parse_sgf(text)
    assert back.moves == rec.moves and back.setup_black == rec.setup_black


def test_variations_beside_the_moves_igo_did_not_play(review9: GameReview) -> None:
    game = sgf.Sgf_game.from_bytes(annotated_sgf(review9).encode())
    main = game.get_main_sequence()
    differ = [m for m in review9.moves if not m.engine_agrees and m.best_pv]
    branched = [i for i, node in enumerate(main[:-1]) if len(node) == 2]
    assert len(branched) == len(differ)
    m = differ[0]
    alt = main[m.number - 1][1]
    colour, _ = alt.get_move()
    assert colour == m.color.letter.lower()
    assert "igo prefers this move" in alt.get("C")
    depth = 1
    while len(alt):
        alt = alt[0]
        depth += 1
    assert depth == len(m.best_pv)
