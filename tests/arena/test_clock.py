"""Clocks: time systems, what GTP is told, and losing on time."""

from __future__ import annotations

import json
import time

import pytest

from igo.arena.clock import GameClock, TimeControl, TimeControlError
from igo.arena.referee import END_TIME, GameSettings, Referee
from igo.core.board import Board
from igo.core.color import Color
from igo.players.base import Decision, EnginePlayer
from igo.players.random import RandomGenerator
from igo.sgf import to_sgf


def test_gtp_commands_per_system() -> None:
    assert TimeControl.per_move(1.0).gtp_commands() == ["time_settings 0 1 1"]
    assert TimeControl(300, 30, periods=5).gtp_commands() == [
        "kgs-time_settings byoyomi 300 30 5"]
    assert TimeControl(600).gtp_commands() == ["time_settings 600 0 0"]
    assert TimeControl(10, 2.5, stones=3).gtp_commands() == ["time_settings 10 3 3"]


@pytest.mark.parametrize("kwargs", [dict(main_time=-1), dict(byo_yomi=5),
                                    dict(byo_yomi=5, stones=2, periods=2), dict()])
def test_bad_time_controls(kwargs: dict[str, float]) -> None:
    with pytest.raises(TimeControlError):
        TimeControl(**kwargs)  # type: ignore[arg-type]


def test_canadian_clock() -> None:
    c = GameClock(TimeControl(10, 20, stones=2), lag=0.0)
    assert c.time_left() == (10, 0)
    assert c.charge(8) and c.time_left() == (2, 0)
    assert c.charge(7)  # 2 s of main time, 5 s of the first overtime period
    assert c.in_overtime and c.time_left() == (15, 1)
    assert c.charge(14)  # period done with 1 s to spare: a new one starts
    assert c.time_left() == (20, 2)
    assert c.charge(19) and not c.charge(2)  # 21 s in one period of 20
    assert c.flagged


def test_byoyomi_clock_loses_periods() -> None:
    c = GameClock(TimeControl(0, 5, periods=2), lag=0.0)
    assert c.charge(4.9) and c.time_left() == (5, 2)
    assert c.charge(5.5) and c.time_left() == (5, 1)
    assert not c.charge(5.0)


def test_absolute_clock_and_lag() -> None:
    c = GameClock(TimeControl(3), lag=0.5)
    assert c.charge(2.0) and c.time_left() == (1.5, 0)
    assert c.charge(2.0)  # 1.5 charged: exactly used up
    assert not c.charge(0.6)


def test_net_lag_is_charged_on_every_move() -> None:
    c = GameClock(TimeControl(3), lag=0.1, net_lag=0.5)
    assert c.charge(1.0) and c.time_left() == pytest.approx((1.6, 0))
    assert c.charge(0.0) and c.time_left() == pytest.approx((1.2, 0))  # even a 0 s move
    assert not c.charge(0.9)


class _Slow(RandomGenerator):
    def select_move(self, board: Board, color: Color) -> Decision:
        time.sleep(0.3)
        return super().select_move(board, color)


def test_referee_makes_the_slow_player_lose_on_time() -> None:
    settings = GameSettings(size=5, komi=0.5, time=TimeControl(0.5), lag=0.0)
    slow = EnginePlayer(_Slow(), name="slow")
    fast = EnginePlayer(RandomGenerator(), name="fast")
    out = Referee(settings).play(slow, fast)
    assert out.end == END_TIME and out.winner is Color.WHITE
    assert out.result == "W+T"


def test_the_record_keeps_each_moves_time_left() -> None:
    """BL/WL after every move under a clock, OB/OW once in overtime, in the SGF."""
    settings = GameSettings(size=5, komi=0.5, time=TimeControl(0.4, 5, periods=3),
                            lag=0.0, move_cap=12)
    slow = EnginePlayer(_Slow(), name="slow")  # 0.3 s a move: overtime from move 3 on
    fast = EnginePlayer(RandomGenerator(), name="fast")
    out = Referee(settings).play(slow, fast)
    props = out.move_properties
    assert sorted(props) == list(range(len(out.record.moves)))
    black = [props[i] for i in range(0, len(out.record.moves), 2)]
    assert float(black[0]["BL"][0]) == pytest.approx(0.1, abs=0.08) and "OB" not in black[0]
    assert all(p["BL"] == ["5.0"] and p["OB"] == ["3"] for p in black[2:])
    white = [props[i] for i in range(1, len(out.record.moves), 2)]
    assert all(float(p["WL"][0]) > 0.3 for p in white)
    sgf = to_sgf(out.record, properties=props)
    assert ";B[" in sgf and "BL[5.0]OB[3]" in sgf


def test_engine_player_hears_its_clock() -> None:
    p = EnginePlayer(RandomGenerator(), name="r")
    p.new_game(9, 7.0, Board(9).rules)
    p.set_time_control(TimeControl.per_move(2.0))
    p.time_left(Color.BLACK, 2.0, 1)
    assert p.clock is not None and p.clock.system == "canadian" and p.clock.left == 2.0


def test_match_cli_clock_options(tmp_path: object) -> None:
    import json
    from pathlib import Path

    from igo.cli.main import main

    out = Path(str(tmp_path)) / "m"
    assert main(["match", "igo:random", "igo:random", "--games", "2", "--size", "5",
                 "--workers", "1", "--time-per-move", "2", "--out", str(out), "--quiet",
                 "--json"]) == 0
    assert main(["match", "igo:random", "igo:random", "--time-per-move", "1",
                 "--byo-periods", "3", "--out", str(out)]) == 1
    assert main(["match", "igo:random", "igo:random", "--byo-yomi", "5",
                 "--out", str(out)]) == 1  # byo-yomi without stones or periods
    from igo.arena.config import MatchConfig

    cfg = MatchConfig("igo:random", "igo:random", byo_yomi=2.0, byo_stones=1)
    assert json.loads(cfg.to_json())["byo_stones"] == 1
    assert cfg.time_control() == TimeControl.per_move(2.0)
    assert main(["match", "igo:random", "igo:random", "--games", "2", "--size", "5",
                 "--workers", "1", "--main-time", "30", "--lag", "0", "--net-lag", "2",
                 "--out", str(out / "lagged"), "--quiet"]) == 0
    import sqlite3

    with sqlite3.connect(out / "lagged" / "results.sqlite") as db:
        stored = [MatchConfig.from_json(r[0]) for r in db.execute("SELECT config FROM matches")]
    assert [c.net_lag for c in stored] == [2.0]
    assert main(["match", "igo:random", "igo:random", "--main-time", "5", "--net-lag", "-1",
                 "--out", str(out / "bad")]) == 1


def test_the_lag_is_a_match_setting() -> None:
    from igo.arena.config import MatchConfig, MatchConfigError
    from igo.arena.runner import game_settings

    cfg = MatchConfig("igo:random", "igo:random", byo_yomi=2.0, byo_stones=1, lag=0.1)
    assert game_settings(cfg).lag == 0.1
    assert MatchConfig.from_json(cfg.to_json()).lag == 0.1
    old = {k: v for k, v in json.loads(cfg.to_json()).items() if k != "lag"}
    assert MatchConfig.from_json(json.dumps(old)).lag == 1.0  # databases from before it
    with pytest.raises(MatchConfigError, match="lag"):
        MatchConfig("igo:random", "igo:random", lag=-1)
    with pytest.raises(MatchConfigError, match="net_lag"):
        MatchConfig("igo:random", "igo:random", net_lag=-0.1)
    lagged = MatchConfig("igo:random", "igo:random", main_time=5.0, net_lag=0.2)
    assert game_settings(lagged).net_lag == 0.2
    assert MatchConfig.from_json(lagged.to_json()).net_lag == 0.2
    assert MatchConfig.from_json(json.dumps(old)).net_lag == 0.0  # databases from before it
    with pytest.raises(MatchConfigError, match="net_lag"):
        lagged.check_same_match(MatchConfig("igo:random", "igo:random", main_time=5.0))
    with pytest.raises(MatchConfigError, match="lag"):
        cfg.check_same_match(MatchConfig("igo:random", "igo:random", byo_yomi=2.0,
                                         byo_stones=1))
