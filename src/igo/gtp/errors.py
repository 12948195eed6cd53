"""GTP errors, shared by the engine side and the client side."""

from __future__ import annotations

from igo.core.errors import IgoError


class GtpError(IgoError, ValueError):
    """A GTP command that fails: the engine answers ``? <message>``."""


class GtpClientError(IgoError):
    """An external engine misbehaved: died, timed out, or sent an unreadable reply."""


class GtpEngineError(GtpClientError):
    """An external engine answered ``?`` to a command (the message is its text)."""
