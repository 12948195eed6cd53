"""PBILc (paper 004, eqs. 4-5): it moves towards the optimum and resumes identically."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from igo.evolve.pbilc import (
    PbilcConfig,
    PbilcError,
    PbilcState,
    add_individual,
    load_state,
    normalise,
    sample,
    save_state,
    start,
    update,
)

TARGET = normalise(np.linspace(0.4, 1.6, 6))


def fitness(state: PbilcState) -> list[float]:
    return (-np.linalg.norm(np.stack(state.population) - TARGET, axis=1)).tolist()


def run(config: PbilcConfig, state: PbilcState, rng: np.random.Generator,
        steps: int) -> PbilcState:
    for _ in range(steps):
        state = add_individual(state, sample(config, state, rng))
        state = update(config, state, fitness(state))
    return state


def test_sliding_window_moves_the_centre_to_the_optimum() -> None:
    config = PbilcConfig(length=6, window=50)
    rng = np.random.default_rng(3)
    state = start(config, rng)
    assert len(state.population) == 50 and state.step == 0
    np.testing.assert_allclose(state.sigma, np.sqrt(0.1))
    state = update(config, state, fitness(state))
    before = float(np.linalg.norm(state.centre - TARGET))
    state = run(config, state, rng, 400)
    assert state.step == 401 and len(state.population) == 450
    assert float(np.linalg.norm(state.centre - TARGET)) < 0.2 * before
    assert state.sigma.mean() < 0.5 * np.sqrt(0.1)
    assert max(state.fitness) > -0.1


def test_whole_population_approaches_then_overshoots() -> None:
    """The paper's update over all individuals settles at best1 + best2 - (old) worst."""
    config = PbilcConfig(length=6)
    rng = np.random.default_rng(3)
    state = start(config, rng)
    state = update(config, state, fitness(state))
    before = float(np.linalg.norm(state.centre - TARGET))
    best_before = max(state.fitness)
    state = run(config, state, rng, 100)
    assert float(np.linalg.norm(state.centre - TARGET)) < before
    assert max(state.fitness) > best_before + 0.2
    state = run(config, state, rng, 300)
    pop, order = np.stack(state.population), np.argsort(state.fitness)
    fixed_point = pop[order[-1]] + pop[order[-2]] - pop[order[0]]
    assert np.linalg.norm(state.centre - fixed_point) < 0.1
    assert float(np.linalg.norm(state.centre - TARGET)) > before


def test_sigma_follows_the_spread_of_the_k_best() -> None:
    config = PbilcConfig(length=3, initial_individuals=12, k_best=4, alpha=0.5)
    rng = np.random.default_rng(0)
    state = start(config, rng)
    values = list(range(12))
    new = update(config, state, values)
    pop = np.stack(state.population)
    best4 = pop[[11, 10, 9, 8]]
    np.testing.assert_allclose(new.sigma, 0.5 * state.sigma + 0.5 * best4.std(axis=0))
    np.testing.assert_allclose(new.centre, 0.5 * 1.0 + 0.5 * (pop[11] + pop[10] - pop[0]))


def test_samples_are_clipped_and_have_mean_one() -> None:
    config = PbilcConfig(length=40, initial_variance=4.0, min_weight=0.05)
    state = start(config, np.random.default_rng(1))
    for weights in state.population:
        assert weights.mean() == pytest.approx(1.0)
        assert weights.min() > 0.0
    clipped = normalise(np.array([-1.0, 0.0, 3.0]), min_weight=0.05)
    np.testing.assert_allclose(clipped, np.array([0.05, 0.05, 3.0]) / (3.1 / 3))
    assert start(PbilcConfig(length=1), np.random.default_rng(0)).population[0][0] == 1.0


def test_save_and_load_continue_identically(tmp_path: Path) -> None:
    config = PbilcConfig(length=6, initial_individuals=10, k_best=4, alpha=0.05)
    rng = np.random.default_rng(9)
    state = start(config, rng)
    state = run(config, update(config, state, fitness(state)), rng, 5)
    path = tmp_path / "pbilc.json"
    save_state(path, config, state, rng)
    config2, state2, rng2 = load_state(path)
    assert config2 == config and state2.step == state.step
    straight = run(config, state, rng, 20)
    resumed = run(config2, state2, rng2, 20)
    np.testing.assert_array_equal(straight.centre, resumed.centre)
    np.testing.assert_array_equal(straight.sigma, resumed.sigma)
    np.testing.assert_array_equal(straight.population[-1], resumed.population[-1])
    assert straight.fitness == resumed.fitness
    assert not (tmp_path / "pbilc.json.tmp").exists()


def test_unrated_individuals_survive_a_round_trip(tmp_path: Path) -> None:
    config = PbilcConfig(length=2, initial_individuals=3, k_best=2)
    rng = np.random.default_rng(0)
    state = start(config, rng)
    save_state(tmp_path / "s.json", config, state, rng)
    assert all(np.isnan(f) for f in load_state(tmp_path / "s.json")[1].fitness)


def test_bad_fitness_config_and_files_are_rejected(tmp_path: Path) -> None:
    config = PbilcConfig(length=2, initial_individuals=4, k_best=3)
    state = start(config, np.random.default_rng(0))
    with pytest.raises(PbilcError, match="finite"):
        update(config, state, [1.0, 2.0])
    with pytest.raises(PbilcError, match="finite"):
        update(config, state, [1.0, 2.0, np.nan, 0.0])
    with pytest.raises(PbilcError, match="length"):
        PbilcConfig(length=0)
    with pytest.raises(PbilcError, match="alpha"):
        PbilcConfig(length=2, alpha=0.0)
    with pytest.raises(PbilcError, match="window"):
        PbilcConfig(length=2, window=5)
    with pytest.raises(PbilcError, match="positive"):
        normalise(np.array([-1.0, -2.0]))
    with pytest.raises(PbilcError, match="cannot read"):
        load_state(tmp_path / "missing.json")
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"format": "something"}))
    with pytest.raises(PbilcError, match="not a igo-pbilc state"):
        load_state(other)
    rng = np.random.default_rng(0)
    save_state(tmp_path / "s.json", config, state, rng)
    document = json.loads((tmp_path / "s.json").read_text())
    document["rng"]["bit_generator"] = "default_rng"
    (tmp_path / "s.json").write_text(json.dumps(document))
    with pytest.raises(PbilcError, match="malformed"):
        load_state(tmp_path / "s.json")
