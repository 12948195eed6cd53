"""Board-size defaults of the search configuration (:meth:`SearchConfig.for_size`)."""

from __future__ import annotations

import json
import logging

import pytest

from igo.core.board import Board
from igo.nets.model_file import NetFileError
from igo.search import _kernels as K
from igo.search import config as config_module
from igo.search.config import PAPER, SIZE_DEFAULTS, STRONG, SearchConfig
from igo.search.search import Search

PAIR = dict(SIZE_DEFAULTS[0][1])
LARGE = dict(SIZE_DEFAULTS[1][1])
NET = dict(SIZE_DEFAULTS[2][1])


def test_the_prior_form_and_the_net_apply_from_9x9_up() -> None:
    for size in (15, 19, 25):
        c = STRONG.for_size(size)
        assert {k: getattr(c, k) for k in LARGE} == LARGE
        assert {k: getattr(c, k) for k in NET} == NET == {"net": "default", "net_visits": 0}
    for size in (9, 13):
        c = STRONG.for_size(size)
        assert {k: getattr(c, k) for k in PAIR} == PAIR == {**LARGE, **NET}
    for size in (5, 7):
        assert STRONG.for_size(size) is STRONG


def test_amaf_on_9x9_yields_sooner_and_weighs_early_moves() -> None:
    """rave_equiv 1,000 and rave_distance 3 on 9x9 only, each a group of its own: an
    option on one keeps the other, and the net= of the pair's group keeps both."""
    c = STRONG.for_size(9)
    assert (c.rave_equiv, c.rave_distance) == (1000.0, 3)
    for size in (7, 13, 19):
        c = STRONG.for_size(size)
        assert (c.rave_equiv, c.rave_distance) == (STRONG.rave_equiv, STRONG.rave_distance)
    c = STRONG.with_options(rave_equiv=3000).for_size(9)
    assert (c.rave_equiv, c.rave_distance) == (3000.0, 3)
    c = STRONG.with_options(rave_distance=0).for_size(9)
    assert (c.rave_equiv, c.rave_distance) == (1000.0, 0)
    c = STRONG.with_options(net="").for_size(9)
    assert (c.net, c.rave_equiv, c.rave_distance) == ("", 1000.0, 3)
    assert STRONG.with_options(rave_equiv=3000).partial_groups(9) == []


def test_on_small_boards_the_pair_is_one_group() -> None:
    """Pachi's form of the prior without the net lost on 9x9: turning the net off there
    gives back the whole small-board default (on 19x19 it keeps the prior's form)."""
    for size in (9, 13):
        c = STRONG.with_options(net="").for_size(size)
        assert (c.net, c.prior_wins, c.prior_sharpness) == ("", 0.0, STRONG.prior_sharpness)
        c = STRONG.with_options(prior_wins=210).for_size(size)
        assert (c.net, c.prior_wins) == ("", 210.0)
    assert STRONG.with_options(net="").for_size(19).prior_wins == LARGE["prior_wins"]


def test_an_option_on_any_field_of_the_group_keeps_the_group_whole() -> None:
    c = STRONG.with_options(prior_wins=0).for_size(19)
    assert (c.prior_wins, c.prior_sharpness) == (0.0, STRONG.prior_sharpness)
    c = STRONG.with_options(prior_sharpness="0.5").for_size(19)
    assert (c.prior_wins, c.prior_sharpness) == (0.0, 0.5)
    # an option that is not in the group leaves it to the size
    c = STRONG.with_options(rave_equiv=1000).for_size(19)
    assert c.prior_wins == LARGE["prior_wins"] and c.rave_equiv == 1000.0
    # net= turns the net off and leaves the prior's form
    c = STRONG.with_options(net="").for_size(19)
    assert (c.net, c.net_visits, c.prior_wins) == ("", STRONG.net_visits, LARGE["prior_wins"])
    c = STRONG.with_options(net_visits=64).for_size(19)
    assert (c.net, c.net_visits) == ("", 64)


def test_a_constructor_value_off_the_default_is_kept() -> None:
    c = SearchConfig(prior_wins=210.0).for_size(19)
    assert (c.prior_wins, c.prior_sharpness) == (210.0, STRONG.prior_sharpness)


def test_the_paper_preset_never_changes_with_the_size() -> None:
    assert PAPER.for_size(19) is PAPER
    assert PAPER.with_options(use_priors=1).for_size(19).prior_wins == 0.0


def test_a_configuration_taken_as_set_never_changes_with_the_size() -> None:
    c = STRONG.with_options(policy="moggy").as_set()
    assert c.for_size(19) is c and c == STRONG.with_options(policy="moggy")


def test_options_are_remembered_through_copies_and_ignored_by_equality() -> None:
    c = STRONG.with_options(prior_wins=0).with_options(rave_equiv=100)
    assert c.fixed == {"prior_wins", "rave_equiv"}
    assert STRONG.with_options(prior_wins=0) == SearchConfig(prior_wins=0.0)
    values = c.values()
    assert "fixed" not in values and values["rave_equiv"] == 100.0
    json.dumps(values)  # the review's cache key serialises them


@pytest.mark.parametrize(("size", "wins"), [(7, 0.0), (9, PAIR["prior_wins"]),
                                           (19, LARGE["prior_wins"])])
def test_a_search_uses_the_defaults_of_its_board(size: int, wins: float) -> None:
    s = Search(Board(size), 7.5, STRONG.with_options(tree_capacity=1000), seed=1)
    assert s.config.prior_wins == wins
    assert s._prm[K.P_PRIOR_WINS] == wins


def test_a_size_default_net_that_cannot_load_leaves_the_move_model(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path) -> None:
    missing = str(tmp_path / "no-such-net.pt")
    monkeypatch.setattr(config_module, "SIZE_DEFAULTS",
                        ((range(15, 26), {"net": missing, "net_visits": 0}),))
    cfg = STRONG.with_options(tree_capacity=1000)
    with caplog.at_level(logging.WARNING, logger="igo.search.search"):
        s = Search(Board(19), 7.5, cfg, seed=1)
    assert s.config.net == missing and s._netp is None
    assert "not loaded" in caplog.text
    assert s.run(playouts=50).playouts == 50
    # asked for by name, the same file is an error
    with pytest.raises(NetFileError):
        Search(Board(19), 7.5, cfg.with_options(net=missing), seed=1)


def test_a_partly_set_group_is_named() -> None:
    """Setting one field of a size group leaves the whole group out (the net too, on
    9x9), and ``partial_groups`` says so; a group set whole, or not at all, is not named."""
    one = STRONG.with_options(prior_wins=150.0)
    assert one.for_size(9).net == "" and one.for_size(9).prior_sharpness == STRONG.prior_sharpness
    (words,) = one.partial_groups(9)
    assert "prior_wins set" in words and "net=default" in words and "prior_sharpness=0.0" in words
    whole = STRONG.with_options(prior_wins=150.0, prior_sharpness=0.0, net="default",
                                net_visits=0)
    assert whole.partial_groups(9) == [] and whole.for_size(9).net == "default"
    assert STRONG.partial_groups(9) == [] and STRONG.partial_groups(19) == []
    assert one.partial_groups(7) == []  # no group on 7x7
