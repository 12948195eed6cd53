"""The search configuration: its groups, the kernel vector made from their fields, flat
option names, and the board-size defaults (:meth:`SearchConfig.for_size`)."""

from __future__ import annotations

import dataclasses
import json
import logging
from dataclasses import fields

import numpy as np
import pytest

from igo.core.board import Board
from igo.nets.model_file import NetFileError
from igo.search import _kernels as K
from igo.search import size_defaults
from igo.search.config import PAPER, STRONG, SearchConfig
from igo.search.explain import settings, show
from igo.search.options import CHOICES, DERIVED_SLOTS, GROUP_OF, GROUPS
from igo.search.search import Search
from igo.search.size_defaults import SIZE_DEFAULTS, SizeGroup

PAIR = dict(SIZE_DEFAULTS[0].values)
LARGE = dict(SIZE_DEFAULTS[1].values)
NET = dict(SIZE_DEFAULTS[2].values)


def _get(c: SearchConfig, names: dict[str, object]) -> dict[str, object]:
    return {k: c.value(k) for k in names}


def test_the_prior_form_and_the_net_apply_from_9x9_up() -> None:
    for size in (15, 19, 25):
        c = STRONG.for_size(size)
        assert _get(c, LARGE) == LARGE
        assert _get(c, NET) == NET == {"net": "default", "net_visits": 0}
    for size in (9, 13):
        c = STRONG.for_size(size)
        assert _get(c, PAIR) == PAIR == {**LARGE, **NET}
    for size in (5, 7):
        assert STRONG.for_size(size) is STRONG


def test_amaf_on_9x9_yields_sooner_and_weighs_early_moves() -> None:
    """rave_equiv 1,000 and rave_distance 3 on 9x9 only, each a group of its own: an
    option on one keeps the other, and the net= of the pair's group keeps both."""
    c = STRONG.for_size(9)
    assert (c.selection.rave_equiv, c.selection.rave_distance) == (1000.0, 3)
    for size in (7, 13, 19):
        c = STRONG.for_size(size)
        assert c.selection == STRONG.selection
    c = STRONG.with_options(rave_equiv=3000).for_size(9)
    assert (c.selection.rave_equiv, c.selection.rave_distance) == (3000.0, 3)
    c = STRONG.with_options(rave_distance=0).for_size(9)
    assert (c.selection.rave_equiv, c.selection.rave_distance) == (1000.0, 0)
    c = STRONG.with_options(net="").for_size(9)
    assert (c.netprior.net, c.selection.rave_equiv, c.selection.rave_distance) == ("", 1000.0, 3)
    assert STRONG.with_options(rave_equiv=3000).partial_groups(9) == []


def test_on_small_boards_the_pair_is_one_group() -> None:
    """Pachi's form of the prior without the net lost on 9x9: turning the net off there
    gives back the whole small-board default (on 19x19 it keeps the prior's form)."""
    for size in (9, 13):
        c = STRONG.with_options(net="").for_size(size)
        assert c.netprior.net == "" and c.prior == STRONG.prior
        c = STRONG.with_options(prior_wins=210).for_size(size)
        assert (c.netprior.net, c.prior.prior_wins) == ("", 210.0)
    assert STRONG.with_options(net="").for_size(19).prior.prior_wins == LARGE["prior_wins"]


def test_an_option_on_any_field_of_the_group_keeps_the_group_whole() -> None:
    c = STRONG.with_options(prior_wins=0).for_size(19)
    assert (c.prior.prior_wins, c.prior.prior_sharpness) == (0.0, STRONG.prior.prior_sharpness)
    c = STRONG.with_options(prior_sharpness="0.5").for_size(19)
    assert (c.prior.prior_wins, c.prior.prior_sharpness) == (0.0, 0.5)
    # an option that is not in the group leaves it to the size
    c = STRONG.with_options(rave_equiv=1000).for_size(19)
    assert c.prior.prior_wins == LARGE["prior_wins"] and c.selection.rave_equiv == 1000.0
    # net= turns the net off and leaves the prior's form
    c = STRONG.with_options(net="").for_size(19)
    assert (c.netprior.net, c.netprior.net_visits) == ("", STRONG.netprior.net_visits)
    assert c.prior.prior_wins == LARGE["prior_wins"]
    c = STRONG.with_options(net_visits=64).for_size(19)
    assert (c.netprior.net, c.netprior.net_visits) == ("", 64)


def test_a_constructor_value_off_the_default_is_kept() -> None:
    c = SearchConfig.from_values({"prior_wins": 210.0}).for_size(19)
    assert (c.prior.prior_wins, c.prior.prior_sharpness) == (210.0, STRONG.prior.prior_sharpness)


def test_the_paper_preset_never_changes_with_the_size() -> None:
    assert PAPER.for_size(19) is PAPER
    assert PAPER.with_options(use_priors=1).for_size(19).prior.prior_wins == 0.0


def test_a_configuration_taken_as_set_never_changes_with_the_size() -> None:
    c = STRONG.with_options(policy="moggy").as_set()
    assert c.for_size(19) is c and c == STRONG.with_options(policy="moggy")


def test_options_are_remembered_through_copies_and_ignored_by_equality() -> None:
    c = STRONG.with_options(prior_wins=0).with_options(rave_equiv=100)
    assert c.fixed == {"prior_wins", "rave_equiv"}
    assert STRONG.with_options(prior_wins=0) == SearchConfig.from_values({"prior_wins": 0.0})
    values = c.values()
    assert "fixed" not in values and values["rave_equiv"] == 100.0
    json.dumps(values)  # the review's cache key serialises them


@pytest.mark.parametrize(("size", "wins"), [(7, 0.0), (9, PAIR["prior_wins"]),
                                           (19, LARGE["prior_wins"])])
def test_a_search_uses_the_defaults_of_its_board(size: int, wins: float) -> None:
    s = Search(Board(size), 7.5, STRONG.with_options(tree_capacity=1000), seed=1)
    assert s.config.prior.prior_wins == wins
    assert s._prm[K.P_PRIOR_WINS] == wins


def test_a_size_default_net_that_cannot_load_leaves_the_move_model(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture, tmp_path) -> None:
    missing = str(tmp_path / "no-such-net.pt")
    monkeypatch.setattr(size_defaults, "SIZE_DEFAULTS",
                        (SizeGroup("a missing net", range(15, 26),
                                   {"net": missing, "net_visits": 0}),))
    cfg = STRONG.with_options(tree_capacity=1000)
    with caplog.at_level(logging.WARNING, logger="igo.search.search"):
        s = Search(Board(19), 7.5, cfg, seed=1)
    assert s.config.netprior.net == missing and s._netp is None
    assert "not loaded" in caplog.text
    assert s.run(playouts=50).playouts == 50
    # asked for by name, the same file is an error
    with pytest.raises(NetFileError):
        Search(Board(19), 7.5, cfg.with_options(net=missing), seed=1)


def test_a_partly_set_group_is_named() -> None:
    """Setting one field of a size group leaves the whole group out (the net too, on
    9x9), and ``partial_groups`` says so; a group set whole, or not at all, is not named."""
    one = STRONG.with_options(prior_wins=150.0)
    assert one.for_size(9).netprior.net == ""
    assert one.for_size(9).prior.prior_sharpness == STRONG.prior.prior_sharpness
    (words,) = one.partial_groups(9)
    assert "prior_wins set" in words and "net=default" in words and "prior_sharpness=0.0" in words
    whole = STRONG.with_options(prior_wins=150.0, prior_sharpness=0.0, net="default",
                                net_visits=0)
    assert whole.partial_groups(9) == [] and whole.for_size(9).netprior.net == "default"
    assert STRONG.partial_groups(9) == [] and STRONG.partial_groups(19) == []
    assert one.partial_groups(7) == []  # no group on 7x7


def _reference_params(v: dict[str, object], komi: float, size: int, suicide: bool
                      ) -> np.ndarray:
    """The kernel vector written out slot by slot from the flat options (the oracle of
    the vector :meth:`SearchConfig.params` makes from the groups' fields)."""
    shared = v["threads"] != 1 and v["parallel"] == "tree" and v["tabu"] == 0
    f = {k: float(x) if not isinstance(x, str) else 0.0 for k, x in v.items()}
    prm = np.zeros(K.N_PARAMS)
    for slot, value in [
            (K.P_C_UCB, f["c_ucb"]), (K.P_C_PUCT, f["c_puct"]),
            (K.P_RAVE_EQUIV, f["rave_equiv"]), (K.P_FPU, f["fpu"]),
            (K.P_EXPAND, f["expand_threshold"]), (K.P_PRIOR_EQEX, f["prior_eqex"]),
            (K.P_PRIOR_SHARP, f["prior_sharpness"]), (K.P_PRIOR_WINS, f["prior_wins"]),
            (K.P_KOMI, komi), (K.P_POLICY, {"light": 0, "heavy": 1, "moggy": 2}[str(v["policy"])]),
            (K.P_CAPTURE, f["p_capture"]), (K.P_PATTERN, f["p_pattern"]),
            (K.P_REJECT, f["p_reject"]), (K.P_TABU_L, f["tabu"]),
            (K.P_TABU_TENURE, f["tabu_tenure"] or f["tabu"]),
            (K.P_MAX_MOVES, 3 * size * size + 20), (K.P_USE_PRIORS, f["use_priors"]),
            (K.P_SUICIDE, float(suicide)), (K.P_PASS_PRIOR, f["pass_prior"]),
            (K.P_TABU_MAX_TRIES, f["tabu_max_tries"]),
            (K.P_TABU_KEY, 1.0 if v["tabu_key"] == "position" else 0.0),
            (K.P_VLOSS, f["virtual_loss"] if shared else 0.0), (K.P_ATARI, f["p_atari"]),
            (K.P_NAKADE, f["p_nakade"] if v["policy"] == "moggy" else f["heavy_nakade"]),
            (K.P_CCAP, f["p_ccap"]), (K.P_LADDER_BUDGET, f["ladder_budget"]),
            (K.P_LADDER_MIDDLE, f["ladder_middle"]), (K.P_LADDER_SHAPE, f["ladder_shape"]),
            (K.P_LADDER_ESCAPE, f["ladder_escape"]), (K.P_LADDER_ATARI, f["ladder_atari"]),
            (K.P_DIST_RAVE, f["rave_distance"]), (K.P_MOGGY_MOVES, f["moggy_moves"]),
            (K.P_LGRF, f["lgrf"]), (K.P_LGRF_FIRST, f["lgrf_first"]),
            (K.P_ROOT_PUCT, f["root_puct"]), (K.P_CRIT, f["crit_rave"]),
            (K.P_CRIT_MIN, f["crit_min"])]:
        prm[slot] = value
    return prm


@pytest.mark.parametrize("options", [
    {}, {"policy": "moggy", "p_nakade": 0.3, "heavy_nakade": 0.7, "tabu": 4,
         "tabu_key": "position", "lgrf": 2, "lgrf_first": True, "ladder_shape": True},
    {"policy": "light", "threads": 3, "virtual_loss": 2.5, "tabu_tenure": 9, "tabu": 0},
    {"threads": 2, "parallel": "root", "crit_rave": 1.1, "root_puct": 0.4, "use_priors": 0},
    {"tabu": 5, "tabu_tenure": 0, "ladder_middle": 0, "moggy_moves": 12, "c_puct": 0.2},
])
@pytest.mark.parametrize("size", [7, 9, 19])
def test_the_kernel_vector_is_made_from_the_fields(options: dict[str, object], size: int
                                                   ) -> None:
    for base in (STRONG, PAPER):
        c = base.with_options(**options).for_size(size)
        want = _reference_params(c.values(), 6.5, size, size == 9)
        np.testing.assert_array_equal(c.params(6.5, size, size == 9), want)


def test_every_kernel_slot_is_filled_once() -> None:
    slots = [f.metadata["slot"] for cls in GROUPS.values() for f in fields(cls)
             if "slot" in f.metadata]
    assert len(slots) == len(set(slots))
    assert sorted([*slots, *DERIVED_SLOTS]) == list(range(K.N_PARAMS))


def test_flat_names_reach_their_group() -> None:
    """Every option has one flat name; an option given by it changes that field of its
    group and nothing else, and counts as set."""
    assert set(GROUP_OF) == set(STRONG.values()) and len(GROUP_OF) == 46
    for name, group in GROUP_OF.items():
        value = STRONG.value(name)
        new = {bool: lambda x: not x, int: lambda x: x + 1, float: lambda x: x / 2 + 0.25,
               str: lambda x: x}[type(value)](value)
        if name in CHOICES:
            new = next(c for c in CHOICES[name] if c != value)
        elif name == "net":
            new = "some.pt"
        elif name == "tree_capacity":
            new = 2000
        c = STRONG.with_options(**{name: str(int(new)) if isinstance(new, bool) else str(new)})
        assert getattr(getattr(c, group), name) == new and c.value(name) == new
        assert c.fixed == {name}
        for other, g in STRONG.groups():
            if other != group:
                assert getattr(c, other) is g
    with pytest.raises(ValueError, match="unknown search option 'rave'"):
        STRONG.with_options(rave=1)
    with pytest.raises(ValueError, match="unknown search option"):
        STRONG.value("rave")
    with pytest.raises(ValueError, match="expected int"):
        STRONG.with_options(tabu="three")


def test_values_and_from_values_go_round() -> None:
    for c in (STRONG, PAPER, STRONG.with_options(policy="moggy", threads=3).for_size(9)):
        again = SearchConfig.from_values(c.values())
        assert again == c and again.values() == c.values()
    assert list(PAPER.values()) == list(GROUP_OF)


def test_the_groups_are_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        STRONG.selection.c_ucb = 1.0  # type: ignore[misc]
    assert {name for name, _ in STRONG.groups()} == set(GROUPS)


def test_settings_say_the_group_and_the_size_default() -> None:
    on9 = {s.name: s for s in settings(STRONG, 9)}
    assert on9["rave_equiv"].value == 1000.0 and on9["rave_equiv"].group == "selection"
    assert on9["rave_equiv"].size_default is SIZE_DEFAULTS[3]
    assert on9["net"].size_default is SIZE_DEFAULTS[0] and on9["net"].group == "netprior"
    assert on9["c_ucb"].size_default is None
    on7 = settings(STRONG, 7)
    assert all(s.size_default is None for s in on7)
    assert {s.name: s.value for s in on7} == STRONG.values()
    assert {s.name: s.value for s in settings(PAPER, 19)} == PAPER.values()


def test_show_names_what_set_each_option() -> None:
    text = show(STRONG.with_options(prior_wins=150.0, threads=2), 9, {"prior_wins", "threads"},
                "strong")
    rows = {line.split()[1]: line for line in text.splitlines()[1:]
            if not line.startswith("note:")}
    assert rows["prior_wins"].split()[2:] == ["150.0", "option"]
    assert rows["threads"].split()[0] == "resources"
    assert "9x9 default: AMAF yields sooner" in rows["rave_equiv"]
    assert rows["prior_sharpness"].split()[2:] == ["0.25", "preset", "strong"]
    assert rows["net"].split()[2] == '""'
    assert text.splitlines()[-1].startswith("note: prior_wins set, so the 9x9 defaults")
    assert len(rows) == len(GROUP_OF)
    assert SIZE_DEFAULTS[0].label() == "9x9-14x14" and SIZE_DEFAULTS[3].label() == "9x9"
