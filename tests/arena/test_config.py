"""MatchConfig: validation, colours by game index, seeds, JSON, identity."""

from __future__ import annotations

from pathlib import Path

import pytest

from igo.arena.config import MatchConfig, MatchConfigError
from igo.core import Color
from igo.players.registry import PlayerSpecError


def test_colours_swap_on_odd_games() -> None:
    c = MatchConfig("igo:random", "gtp:engine --gtp", gnugo=None)
    assert c.colors(0) == ("igo:random", "gtp:engine --gtp")
    assert c.colors(1) == ("gtp:engine --gtp", "igo:random")
    assert c.first_player_color(2) == Color.BLACK
    assert c.first_player_color(3) == Color.WHITE


def test_game_rngs_depend_on_seed_plus_index() -> None:
    c = MatchConfig("igo:random", "igo:random", seed=10, gnugo=None)
    d = MatchConfig("igo:random", "igo:random", seed=11, gnugo=None)
    a = [g.integers(1 << 30) for g in c.game_rngs(1)]
    assert a == [g.integers(1 << 30) for g in d.game_rngs(0)]  # 10 + 1 == 11 + 0
    assert a != [g.integers(1 << 30) for g in c.game_rngs(2)]
    assert a[0] != a[1]  # the two players get independent streams


def test_defaults() -> None:
    c = MatchConfig("igo:random", "igo:random", size=9, gnugo=None)
    assert c.move_cap == 243
    assert c.effective_dead_stones == "tromp-taylor"
    assert c.ruleset.ko == "positional"
    assert MatchConfig("igo:random", "igo:random", gnugo="/x/gnugo").effective_dead_stones \
        == "players"
    assert c.sgf_path(7) == Path("igo-match") / "game-0007.sgf"
    assert c.match_name == "igo:random vs igo:random"


def test_json_round_trip() -> None:
    c = MatchConfig("igo:random", "igo:random", games=7, komi=6.5, handicap=2,
                    out_dir=Path("/tmp/x"), gnugo=None, dead_stones="tromp-taylor")
    assert MatchConfig.from_json(c.to_json()) == c
    with pytest.raises(MatchConfigError, match="unreadable"):
        MatchConfig.from_json("{not json")


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"size": 1}, "board size"),
        ({"games": -1}, "games"),
        ({"handicap": 1}, "handicap"),
        ({"handicap": 5, "size": 7}, "at most 4"),
        ({"dead_stones": "magic"}, "dead-stone mode"),
        ({"dead_stones": "gnugo"}, "not installed"),
        ({"max_moves": -3}, "max_moves"),
        ({"move_timeout": 0}, "move_timeout"),
    ],
)
def test_invalid_configs(kwargs: dict, message: str) -> None:
    with pytest.raises(MatchConfigError, match=message):
        MatchConfig("igo:random", "igo:random", gnugo=None, **kwargs)


def test_bad_spec() -> None:
    with pytest.raises(PlayerSpecError):
        MatchConfig("igo:random", "human", gnugo=None)


def test_identity_mismatch_names_the_fields() -> None:
    a = MatchConfig("igo:random", "igo:random", gnugo=None)
    b = MatchConfig("igo:random", "igo:random", gnugo=None, size=7, seed=3, games=99)
    with pytest.raises(MatchConfigError) as info:
        b.check_same_match(a)
    assert "size: stored 9, now 7" in str(info.value)
    assert "seed: stored 0, now 3" in str(info.value)
    assert "games" not in str(info.value)
