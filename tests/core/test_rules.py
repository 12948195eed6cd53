"""Rule sets: defaults, presets, immutability."""

from __future__ import annotations

import dataclasses

import pytest

from igo.core.rules import Ruleset


def test_default_is_positional_superko_without_suicide() -> None:
    rules = Ruleset()
    assert (rules.ko, rules.suicide, rules.name) == ("positional", False, "igo")


@pytest.mark.parametrize(("name", "ko", "suicide", "label"), [
    ("igo", "positional", False, "igo"),
    ("chinese", "positional", False, "chinese"),
    ("Chinese", "positional", False, "chinese"),
    ("CN", "positional", False, "chinese"),
    ("tromp-taylor", "positional", True, "tromp-taylor"),
    ("Tromp Taylor", "positional", True, "tromp-taylor"),
    ("tromp_taylor", "positional", True, "tromp-taylor"),
    ("TT", "positional", True, "tromp-taylor"),
    ("new-zealand", "positional", True, "new-zealand"),
    ("NZ", "positional", True, "new-zealand"),
    ("aga", "positional", False, "aga"),
    ("Japanese", "simple", False, "japanese"),
    ("jp", "simple", False, "japanese"),
    (" korean ", "simple", False, "korean"),
    ("kr", "simple", False, "korean"),
])
def test_presets(name: str, ko: str, suicide: bool, label: str) -> None:
    rules = Ruleset.named(name)
    assert (rules.ko, rules.suicide, rules.name) == (ko, suicide, label)


@pytest.mark.parametrize(("name", "label"), [("Ing", "Ing"), ("  GOE ", "GOE"), ("", "unknown"),
                                            ("   ", "unknown")])
def test_unknown_names_fall_back_to_simple_ko(name: str, label: str) -> None:
    rules = Ruleset.named(name)
    assert (rules.ko, rules.suicide, rules.name) == ("simple", False, label)


def test_rulesets_are_frozen_values() -> None:
    rules = Ruleset("simple", True, "x")
    with pytest.raises(dataclasses.FrozenInstanceError):
        rules.ko = "positional"  # type: ignore[misc]
    assert rules == Ruleset("simple", True, "x")
    assert len({rules, Ruleset("simple", True, "x"), Ruleset()}) == 2
