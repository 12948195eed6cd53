"""The committed default strength model on the bundled 9-dan game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from igo.cli.main import main
from igo.strength.default import default_model_path
from igo.strength.estimator import StrengthModelError, load_model

DEMO = Path(__file__).resolve().parents[2] / "src" / "igo" / "data" / "demo-19x19.sgf"


def test_default_model_loads() -> None:
    m = load_model(default_model_path())
    assert m.size == 19 and set(m.nets) == {"B", "W"}
    assert all(s.se > 0 and s.lam > 0 for s in m.spread.values())
    with pytest.raises(StrengthModelError, match="9x9"):
        default_model_path(9)


def test_default_model_on_a_strong_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["strength", str(DEMO), "--json", "--no-progress"]) == 0
    out = json.loads(capsys.readouterr().out)
    (game,) = out["games"]
    for e in game["estimates"]:
        assert e["interval"][0] < e["rating"] < e["interval"][1]
        assert e["rating"] > 2300  # a 9-dan game reads as strong (above 3d)


def test_the_default_reads_the_net_and_no_net_the_fallback(
        capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("torch")
    from igo.strength.default import load_default_model

    m = load_default_model()
    assert m.net is not None and "net" in m.summary.groups and m.net.path().is_file()
    ratings = []
    for extra in ([], ["--no-net"]):
        assert main(["strength", str(DEMO), "--json", "--no-progress", *extra]) == 0
        out = json.loads(capsys.readouterr().out)
        ratings.append([e["rating"] for e in out["games"][0]["estimates"]])
    assert ratings[0] != ratings[1]
    assert all(r > 2300 for rs in ratings for r in rs)


def test_a_models_net_is_found_by_its_bare_name_or_its_path(tmp_path: Path) -> None:
    from igo.nets.policy import MODELS_DIR, net_path, net_spec

    small = MODELS_DIR / "policy-19-small.pt"
    assert net_spec(small) == "policy-19-small.pt"
    assert net_path("policy-19-small.pt") == small  # from any working folder
    elsewhere = tmp_path / "mine.pt"
    assert net_spec(elsewhere) == str(elsewhere.resolve())
    assert net_path(net_spec(elsewhere)) == elsewhere.resolve()
