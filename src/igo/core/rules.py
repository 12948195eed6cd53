"""Rule sets: which ko rule applies and whether suicide is allowed.

Scoring in igo is always area scoring (stones + territory, Tromp-Taylor); the rule set
decides only what is legal. Named presets map SGF ``RU`` / GTP ``kgs-rules`` names.

=================  ==========  =========  ===========================================
name               ko          suicide    notes
=================  ==========  =========  ===========================================
``igo`` (default)  positional  no         igo's own play
``chinese``        positional  no         superko as in modern Chinese practice
``tromp-taylor``   positional  yes        the logical rules
``new-zealand``    positional  yes        (situational superko approximated)
``aga``            positional  no         (situational superko approximated)
``japanese``       simple      no         repeating positions (triple ko) is legal
``korean``         simple      no         as Japanese
=================  ==========  =========  ===========================================
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

KoRule = Literal["simple", "positional"]


@dataclass(frozen=True, slots=True)
class Ruleset:
    """What is legal.

    Parameters
    ----------
    ko
        ``"simple"``: only the immediate recapture of a single stone is forbidden;
        ``"positional"``: no move may recreate any earlier whole-board position
        (positional superko; simple ko is implied).
    suicide
        Whether a move that leaves its own string without liberties is allowed
        (the string is then removed).
    name
        A label carried into records (SGF ``RU``).
    """

    ko: KoRule = "positional"
    suicide: bool = False
    name: str = "igo"

    @classmethod
    def named(cls, name: str) -> Ruleset:
        """The preset for an SGF ``RU`` or GTP ``kgs-rules`` name (case-insensitive).

        Unknown names fall back to simple ko without suicide (what most servers use),
        keeping the given name as the label.
        """
        key = name.strip().lower().replace("_", "-").replace(" ", "-")
        presets = {
            "igo": cls("positional", False, "igo"),
            "chinese": cls("positional", False, "chinese"),
            "cn": cls("positional", False, "chinese"),
            "tromp-taylor": cls("positional", True, "tromp-taylor"),
            "tt": cls("positional", True, "tromp-taylor"),
            "new-zealand": cls("positional", True, "new-zealand"),
            "nz": cls("positional", True, "new-zealand"),
            "aga": cls("positional", False, "aga"),
            "japanese": cls("simple", False, "japanese"),
            "jp": cls("simple", False, "japanese"),
            "korean": cls("simple", False, "korean"),
            "kr": cls("simple", False, "korean"),
        }
        return presets.get(key, cls("simple", False, name.strip() or "unknown"))
