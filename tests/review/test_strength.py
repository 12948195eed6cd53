"""The players' ranks from the game (:mod:`igo.review.strength`)."""

from __future__ import annotations

import pytest

import igo.strength.netview as netview
from igo.core.replay import replay_positions
from igo.features.extract import Extractor
from igo.review.game import GameReview
from igo.review.strength import rank_estimates
from igo.sgf import read_sgf_file

from .conftest import DATA, demo19


def test_not_available_off_19x19_says_why() -> None:
    b, w = rank_estimates(read_sgf_file(DATA / "game9.sgf"))
    assert not b.available and not w.available
    assert b.reason.startswith("not available") and "19x19" in b.reason and "9x9" in b.reason


def test_not_available_for_a_handicap_19x19_game() -> None:
    rec = demo19()
    rec.handicap = 2
    b, _ = rank_estimates(rec)
    assert not b.available and "handicap" in b.reason


def test_the_bundled_9_dan_game(review19: GameReview) -> None:
    from igo.core.color import Color

    for c in (Color.BLACK, Color.WHITE):
        e = review19.ranks[c]
        assert e.available and e.reason == ""
        assert e.rank and e.low_rank and e.high_rank
        assert e.sd > 0 and len(e.classes) == 3
        assert abs(sum(p for _, p in e.classes) - 1) < 1e-6


def test_the_estimate_reads_the_games_one_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """Given the record's replay and the net's input of each move, the strength model's
    net rows and move-model rows read them (the game is not replayed again) and the
    estimate is the same."""
    pytest.importorskip("torch")
    from igo.nets.encode import encode_positions

    rec = demo19()
    alone = rank_estimates(rec)
    game = replay_positions(rec)
    encoded = encode_positions(game)

    def replayed_again(*args: object) -> None:
        raise AssertionError("the net rows or the move-model rows replayed the game again")

    monkeypatch.setattr(netview, "_replay_inputs", replayed_again)
    monkeypatch.setattr(Extractor, "extract_game", replayed_again)
    shared = rank_estimates(rec, game=game, encoded=encoded)
    assert shared[0].available and shared == alone
