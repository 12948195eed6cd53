"""A game reviewed (:mod:`igo.review.game`) and its JSON (:mod:`igo.review.json_out`)."""

from __future__ import annotations

import json

import pytest

import igo.review.evaluate as evaluate_module
import igo.review.game as game_module
import igo.review.positions as positions_module
from igo.core.color import Color
from igo.review.figures import CLASSES
from igo.review.game import GameReview, review_game
from igo.review.json_out import SCHEMA, review_dict
from igo.sgf import read_sgf_file

from .conftest import DATA, TINY

MOVE_KEYS = {"number", "color", "move", "winrate_before", "winrate_after", "score_before",
             "score_after", "winrate_loss", "points_loss", "class", "best", "best_pv",
             "best_winrate", "engine_agrees", "model_probability", "model_rank",
             "model_top", "model_agrees"}
PLAYER_KEYS = {"name", "rank_label", "moves", "mean_points_loss", "mean_winrate_loss",
               "engine_agreement", "model_agreement", "mean_model_probability", "classes",
               "strength"}


def test_review_holds_every_position_and_move(review9: GameReview) -> None:
    r = review9
    n = len(r.record.moves)
    assert len(r.evals) == n + 1 and len(r.moves) == n and len(r.positions) == n + 1
    assert len(r.views) == n
    assert r.players[Color.BLACK].moves + r.players[Color.WHITE].moves == n
    assert r.end.ownership is not None and r.end.influence.shape == (9, 9)
    for c in (Color.BLACK, Color.WHITE):
        for m, moment in r.mistakes[c]:
            assert m.color is c and m.points_loss >= 1.5
            assert (moment.stones == r.positions[m.number - 1]).all()


def test_json_schema_and_figures(review9: GameReview) -> None:
    d = json.loads(json.dumps(review_dict(review9)))
    assert d["schema"] == SCHEMA and d["size"] == 9 and d["komi"] == 7.0
    assert d["result"] == "W+R" and d["rules"] == "chinese"
    n = len(review9.record.moves)
    assert len(d["moves"]) == n and len(d["positions"]) == n + 1
    for m in d["moves"]:
        assert set(m) == MOVE_KEYS
        assert 0 <= m["winrate_before"] <= 1 and 0 <= m["winrate_after"] <= 1
        assert m["class"] in [c for c, _ in CLASSES]
    for a, b in zip(d["moves"], d["moves"][1:], strict=False):
        assert a["winrate_after"] == b["winrate_before"]  # one evaluation a position
    assert d["moves"][0]["move"] == "D6" and d["moves"][0]["color"] == "B"
    for c in "BW":
        p = d["players"][c]
        assert set(p) == PLAYER_KEYS
        assert sum(p["classes"].values()) == p["moves"]
        assert p["strength"]["available"] is False
    assert d["players"]["B"]["name"] == "Alice" and d["players"]["W"]["rank_label"] == "4k"
    assert d["judge"]["playouts"] == 40 and d["judge"]["seconds"] is None
    assert any("0.948" in line for line in d["judge"]["lines"])
    assert any("0.780" in line for line in d["judge"]["lines"])
    assert [t for _, t in d["thresholds"]["classes"]] == [0, 0.5, 1.5, 3, 6, 12]
    assert len(d["end"]["influence"]) == 9 and len(d["end"]["ownership"][0]) == 9
    for c in "BW":
        for mk in d["mistakes"][c]:
            assert mk["best"] == mk["best_pv"][0] and len(mk["influence"]) == 9
    e = d["evaluation"]
    assert e["positions"] == n + 1 and e["cached"] + e["searched"] == n + 1


def test_handicap_record_with_setup_white_first_and_passes(review_handicap: GameReview
                                                           ) -> None:
    d = review_dict(review_handicap)
    assert d["handicap"] == 2 and d["moves"][0]["color"] == "W"
    assert d["positions"][0]["to_play"] == "W"
    assert [m["move"] for m in d["moves"][-3:]] == ["G8", "pass", "pass"]
    assert d["moves"][-1]["model_rank"] is None


@pytest.mark.parametrize("colour", ["B", "W"])
def test_19x19_review_has_ranks_and_mistakes(review19: GameReview, colour: str) -> None:
    d = review_dict(review19)
    assert len(d["moves"]) == 277
    s = d["players"][colour]["strength"]
    assert s["available"] and s["rank"] and len(s["interval_ranks"]) == 2
    assert d["mistakes"][colour], "a 277-move game judged at 40 playouts has mistakes"


def test_the_review_replays_the_record_once(monkeypatch: pytest.MonkeyPatch,
                                            review_handicap: GameReview) -> None:
    """One replay of the record, which the searches, the views and the stones read:
    neither the evaluation nor a search board replays it again, and the review is the
    same as the fixture's."""
    replays = []
    real = game_module.replay_positions

    def counted(record: object) -> object:
        replays.append(record)
        return real(record)  # type: ignore[arg-type]

    def replayed_again(*args: object) -> None:
        raise AssertionError("the record was replayed again")

    monkeypatch.setattr(game_module, "replay_positions", counted)
    monkeypatch.setattr(evaluate_module, "replay_positions", replayed_again)
    monkeypatch.setattr(positions_module, "replay", replayed_again)
    rec = read_sgf_file(DATA / "handicap9.sgf")
    review = review_game(rec, TINY)
    assert len(replays) == 1
    assert review_dict(review) | {"evaluation": None} == \
        review_dict(review_handicap) | {"evaluation": None}
