"""The evolution run's TOML configuration: defaults, paths, and clear errors."""

from __future__ import annotations

from pathlib import Path

import pytest

from igo.evolve.config import EvolveConfig, EvolveConfigError, load_config


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "run.toml"
    path.write_text(text, encoding="utf-8")
    return path


def test_defaults_and_relative_paths(tmp_path: Path) -> None:
    config = load_config(write(tmp_path, 'out = "o"\nrecords = ["r.sgfs.xz"]\n'
                                         '[games]\nnew_games = 50\nmin_games = 20\n'
                                         '[pbilc]\nwindow = 20\n'))
    assert config.out == tmp_path / "o" and config.records == (str(tmp_path / "r.sgfs.xz"),)
    assert config.length == 10 and config.games.new_games == 50
    assert config.pbilc_config().window == 20 and config.pbilc_config().k_best == 10
    again = EvolveConfig.from_dict(__import__("json").loads(config.to_json()))
    assert again == config
    record = load_config(write(tmp_path, 'out = "o"\nrecords = ["r"]\nmode = "record"\n'
                                         'subset = 30\n'))
    assert record.length == 30 and record.pbilc_config().window is None


@pytest.mark.parametrize(("text", "message"), [
    ('out = "o"\n', "needs 'out' and 'records'"),
    ('out = "o"\nrecords = "r"\n', "must be a list"),
    ('out = "o"\nrecords = ["r"]\nbogus = 1\n', r"unknown keys \['bogus'\]"),
    ('out = "o"\nrecords = ["r"]\n[games]\nplayer = "gnugo"\n', "'policy' or 'mcts'"),
    ('out = "o"\nrecords = ["r"]\n[games]\nmin_games = 500\n', "min_games <= new_games"),
    ('out = "o"\nrecords = ["r"]\n[train]\nepochs = "3"\n', "epochs must be int"),
    ('out = "o"\nrecords = ["r"]\n[pbilc]\nk_best = 1\n', "pbilc: need k_best >= 2"),
    ('out = "o"\nrecords = ["r"]\nmode = "move"\n', "'progress' or 'record'"),
    ('out = "o"\nrecords = ["r"]\n[train\n', "not valid TOML"),
])
def test_bad_configurations_are_named(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(EvolveConfigError, match=message):
        load_config(write(tmp_path, text))


def test_missing_file(tmp_path: Path) -> None:
    with pytest.raises(EvolveConfigError, match="cannot read"):
        load_config(tmp_path / "absent.toml")


def test_a_run_moved_to_other_record_folders_is_the_same_run(tmp_path: Path) -> None:
    here = load_config(write(tmp_path, 'out = "o"\nrecords = ["a/r.sgfs.xz"]\n'))
    there = load_config(write(tmp_path, 'out = "p"\nrecords = ["/elsewhere/r.sgfs.xz"]\n'))
    other = load_config(write(tmp_path, 'out = "o"\nrecords = ["a/s.sgfs.xz"]\n'))
    assert here.identity() == there.identity() != other.identity()
