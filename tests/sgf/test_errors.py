"""SgfError: reason, source, message; picklable (corpus runs may cross processes)."""

from __future__ import annotations

import pickle

import pytest

from igo.core.errors import IgoError
from igo.sgf.errors import REASONS, SgfError


def test_fields_and_message() -> None:
    err = SgfError("bad_size", "board size 30 outside 2-25", "x.sgf")
    assert (err.reason, err.message, err.source) == ("bad_size", "board size 30 outside 2-25",
                                                     "x.sgf")
    assert str(err) == "x.sgf: board size 30 outside 2-25 [bad_size]"
    assert str(SgfError("empty", "no SGF data")) == "no SGF data [empty]"
    assert isinstance(err, ValueError) and isinstance(err, IgoError)
    assert "illegal_move" in REASONS and "parse_error" in REASONS


def test_pickle() -> None:
    err = pickle.loads(pickle.dumps(SgfError("parse_error", "oops", "a:3")))
    assert (err.reason, err.message, err.source) == ("parse_error", "oops", "a:3")
    with pytest.raises(SgfError):
        raise err
