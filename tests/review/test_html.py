"""The review's page (:mod:`igo.review.html`): self-contained, every figure drawn."""

from __future__ import annotations

import json
import re

from igo.core.color import Color
from igo.review.game import GameReview
from igo.review.html import review_html


def _data(page: str) -> dict:
    m = re.search(r'<script type="application/json" id="review-data">(.*?)</script>', page,
                  re.S)
    assert m is not None
    return json.loads(m.group(1).replace("<\\/", "</"))


def test_no_external_request(review9: GameReview) -> None:
    page = review_html(review9)
    assert "http" not in page  # no URL at all: not even an SVG namespace
    # no source and no link but to a part of the page itself (href="#...")
    assert not re.search(r"""\bsrc\s*=|\bhref\s*=\s*(?!"#[\w-]+")""", page)
    assert 'href="#judge-figures"' in page and 'id="judge-figures"' in page
    assert "@import" not in page and "url(" not in page and "<link" not in page
    assert "@font-face" not in page


def test_page_parts(review9: GameReview) -> None:
    page = review_html(review9)
    n = len(review9.moves)
    assert page.startswith("<!DOCTYPE html>") and 'name="viewport"' in page
    assert "@media print" in page and "@media (max-width" in page
    assert page.count('class="pt"') == n and page.count('class="spt"') == n
    mistakes = sum(len(review9.mistakes[c]) for c in (Color.BLACK, Color.WHITE))
    assert page.count("mistake-board") == mistakes
    assert page.count('class="map influence"') == mistakes + 1
    assert page.count('class="map ownership"') == mistakes + 1
    assert "0.948" in page and "40 playouts a position" in page
    assert "not available: igo&#x27;s strength model reads 19x19 games only" in page
    d = _data(page)
    assert d["size"] == 9 and len(d["positions"]) == n + 1 and len(d["moves"]) == n
    assert all(len(s) == 81 for s in d["positions"])
    assert d["positions"][0] == "." * 81


def test_19x19_page_shows_the_ranks(review19: GameReview) -> None:
    page = review_html(review19)
    for c in (Color.BLACK, Color.WHITE):
        assert f"<b>{review19.ranks[c].rank}</b> (95 %:" in page
    assert "http" not in page
