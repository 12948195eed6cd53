"""Tests of paper 003's model: kernel vs reference, and positions a Go player judges."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from igo.core.diagram import parse_diagram
from igo.influence.eyes import EyeParams, eye_degree
from igo.influence.fukui import (
    EAST,
    NORTH,
    PAPER,
    RULES,
    SOUTH,
    TUNED,
    WEST,
    FukuiModel,
    FukuiParams,
    all_orientations,
    parse_rule,
)
from reference.influence import random_stones, ref_eye_degree, ref_fukui

ALL_RULES = [r for spec in RULES for r in all_orientations(parse_rule(*spec))]


def signed(diagram: str) -> np.ndarray:
    arr = parse_diagram(diagram)
    return np.where(arr == 2, -1, arr).astype(np.int8)


def empty(size: int = 19) -> np.ndarray:
    return np.zeros((size, size), dtype=np.int8)


def test_rule_table_orientations() -> None:
    counts = {name: sum(r.name == name for r in ALL_RULES) for name, *_ in RULES}
    assert counts == {"nobi": 4, "kosumi": 4, "ikken": 4, "kogeima": 8}
    nobi_east = next(r for r in ALL_RULES if r.partner == (0, 1))
    # paper Fig. 6: A1, A2 above the pair strengthen P_n; B1, B2 below strengthen P_s
    assert nobi_east.side_points == (((-1, 0), (-1, 1)), ((1, 0), (1, 1)))
    assert nobi_east.side_dirs == (NORTH, SOUTH) and nobi_east.kizu == ()
    nobi_north = next(r for r in ALL_RULES if r.partner == (-1, 0))
    assert set(nobi_north.side_dirs) == {EAST, WEST}


def test_bad_rule_diagram() -> None:
    with pytest.raises(ValueError, match="one S"):
        parse_rule("x", "S S T", NORTH, SOUTH)
    with pytest.raises(ValueError, match="unknown token"):
        parse_rule("x", "S Q T", NORTH, SOUTH)


@pytest.mark.parametrize("size", [5, 9, 13])
def test_eye_degree_matches_reference(size: int) -> None:
    rng = np.random.default_rng(size)
    prm = EyeParams()
    for density in (0.2, 0.5, 0.8):
        stones = random_stones(rng, size, density)
        want = ref_eye_degree(stones.tolist(), prm.eye_weight, prm.lib_weight, prm.lib_cap,
                              prm.region_max)
        np.testing.assert_allclose(eye_degree(stones, prm), want, atol=1e-12)


@pytest.mark.parametrize(("size", "share"), [(7, 0.0), (9, 0.0), (11, 0.0), (9, 0.5), (9, None)])
def test_kernel_matches_reference(size: int, share: float | None) -> None:
    rng = np.random.default_rng(100 + size)
    if share is None:   # the tuned defaults (shares passing stones, tiny gains)
        prm = dataclasses.replace(TUNED, max_reach=8)
    else:               # the paper's constants, nearly
        prm = dataclasses.replace(PAPER, max_reach=8, k_far=0.08, pass_friend=share,
                                  pass_enemy=share / 2)
    model = FukuiModel(prm)
    for density in (0.05, 0.2, 0.4):
        stones = random_stones(rng, size, density)
        want = np.array(ref_fukui(stones.tolist(), prm, ALL_RULES))
        np.testing.assert_allclose(model(stones), want, atol=1e-9)


def test_eye_degree_living_group_weak_stone_and_false_eye() -> None:
    stones = signed("""
        . X . X O . .
        X X X X O . .
        O O O O O . .
        . . . . . . .
        . . . X . . .
        . . . . . . .
        . . . . . . .
    """)
    e = eye_degree(stones)
    assert e[1, 1] == 1.0                    # two eyes in the corner: clearly alive
    assert e[4, 3] == pytest.approx(0.5 * 4 / 12)  # a lone stone in the open
    assert e[1, 1] > e[2, 0] > 0             # the surrounding white wall: no eyes yet
    false_eye = signed("""
        . . . . .
        . X O . .
        X . X . .
        . X . . .
        . . . . .
    """)
    # (2, 1) looks like an eye of Black but White holds a diagonal: it is false
    e2 = eye_degree(false_eye)
    false_eye2 = false_eye.copy()
    false_eye2[1, 2] = 0
    assert eye_degree(false_eye2)[1, 1] > e2[1, 1]


def test_kogeima_pushes_influence_sideways() -> None:
    """A kogeima (small knight's move) works to its sides, not along its axis."""
    stones = empty()
    stones[9, 8] = stones[8, 10] = 1
    model = FukuiModel(PAPER)   # the paper's rules at the paper's strength
    src = model.sources(stones)[9, 8]
    assert src[NORTH] > src[EAST] and src[SOUTH] > src[WEST]
    lone = empty()
    lone[9, 8] = 1
    lone[3, 16] = 1  # same liberties and eye degree, no relation
    lone_src = model.sources(lone)[9, 8]
    assert src[SOUTH] > lone_src[SOUTH] and src[WEST] == lone_src[WEST]
    m = model(stones)
    assert m[12, 8] > m[9, 5]     # three below the stone beats three beyond its far end


def test_cut_point_weakens_a_wall() -> None:
    """A kosumi link with White on one crossing point is a cutting point:
    the black wall radiates less than the same wall with the link intact."""
    wall = signed("""
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X . . . . . . . .
        . . . X X X . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
    """)
    cut = wall.copy()
    cut[6, 2] = -1               # White holds one crossing point of the kosumi
    model = FukuiModel(PAPER)   # the paper's rules at the paper's strength
    intact_src = model.sources(wall)
    cut_src = model.sources(cut)
    assert cut_src[5, 2].sum() < intact_src[5, 2].sum()
    assert cut_src[6, 3].sum() < intact_src[6, 3].sum()
    # the side away from White: black's influence there is smaller with the kizu
    assert model(cut)[2, 3] < model(wall)[2, 3]


def test_living_group_radiates_more_than_weak_one() -> None:
    alive = signed("""
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        . . . . . . . . . . .
        X X X X X . . . . . .
        . . . . X . . . . . .
        X X X X X . . . . . .
        . X . X . . . . . . .
        . X . X . . . . . . .
    """)
    weak = alive.copy()
    weak[8:, :] = 0              # the same wall without the eye-making stones below
    model = FukuiModel(PAPER)   # the paper's rules at the paper's strength
    assert eye_degree(alive)[6, 2] == 1.0 > eye_degree(weak)[6, 2]
    ma, mw = model(alive), model(weak)
    for point in [(3, 2), (4, 4), (6, 7)]:
        assert ma[point] > mw[point] > 0


def test_shielding_behind_a_stone() -> None:
    """A white stone stops black influence from passing beyond it."""
    both = empty()
    both[9, 9] = 1
    both[9, 11] = -1
    white_only = empty()
    white_only[9, 11] = -1
    black_only = empty()
    black_only[9, 9] = 1
    model = FukuiModel(dataclasses.replace(PAPER, k_far=0.05))   # the paper's full shielding
    assert model(black_only)[9, 13] > 0                    # unshielded it reaches
    assert model(both)[9, 13] == model(white_only)[9, 13]  # shielded: black adds nothing
    assert model(both)[9, 10] > model(white_only)[9, 10]   # in front of the stone it does


def test_defaults_are_the_tuned_constants_and_paper_is_hand_set() -> None:
    import json
    from pathlib import Path

    from igo.influence.tuning import params_from_dict

    tuned = Path(__file__).resolve().parents[2] / "experiments" / "influence" / "fukui_tuned.json"
    assert FukuiParams() == TUNED == params_from_dict(json.loads(tuned.read_text())["params"])
    assert PAPER.a == 1.0 and PAPER.pass_enemy == 0.0 and PAPER.eyes == EyeParams()
    assert FukuiModel().params == TUNED


def test_colour_symmetry_and_bad_params() -> None:
    rng = np.random.default_rng(7)
    stones = random_stones(rng, 13, 0.3)
    model = FukuiModel()
    np.testing.assert_allclose(model(-stones), -model(stones), atol=1e-12)
    np.testing.assert_allclose(model(stones[:, ::-1]), model(stones)[:, ::-1], atol=1e-9)
    np.testing.assert_allclose(model(stones.T), model(stones).T, atol=1e-9)
    with pytest.raises(ValueError):
        FukuiParams(a=-1)
    with pytest.raises(ValueError):
        FukuiParams(pass_enemy=1.5)
    with pytest.raises(ValueError):
        EyeParams(lib_cap=0)
