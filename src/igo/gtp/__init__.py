"""Go Text Protocol: igo's engine side (and, in :mod:`igo.gtp.client`, the side that
drives external engines).

==============================  ======================================================
module                          what it holds
==============================  ======================================================
:mod:`~igo.gtp.protocol`        line preprocessing, command parsing, response framing
:mod:`~igo.gtp.engine`          :class:`GtpEngine`: ``handle_line(line) -> response``
:mod:`~igo.gtp.commands`        one handler per GTP command
:mod:`~igo.gtp.state`           the game state (board, komi, rules, handicap, clock)
:mod:`~igo.gtp.analyze`         GoGui analysis commands: a registry of views
:mod:`~igo.gtp.streaming`       commands that stream until the next input line
:mod:`~igo.gtp.analyze_stream`  ``lz-analyze``, ``kata-analyze``, ``analyze``, genmove
:mod:`~igo.gtp.analysis_lines`  their line formats (Leela Zero, KataGo, Sabaki)
:mod:`~igo.gtp.search_views`    GoGui views of the search, live ``gogui-gfx``
:mod:`~igo.gtp.args`            argument checks shared by handlers
:mod:`~igo.gtp.errors`          :class:`GtpError` and the client-side errors
==============================  ======================================================
"""

from igo.gtp.errors import GtpClientError, GtpEngineError, GtpError

__all__ = ["GtpClientError", "GtpEngineError", "GtpError"]
