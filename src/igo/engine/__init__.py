"""igo's GTP engine (what ``igo gtp`` serves): the engine front end, above
:mod:`igo.players`, :mod:`igo.search`, :mod:`igo.influence`, :mod:`igo.movepred` and
:mod:`igo.analysis`. The wire format, the client and the argument checks it uses are
in :mod:`igo.gtp`, below it.

==================================  ======================================================
module                              what it holds
==================================  ======================================================
:mod:`~igo.engine.engine`           :class:`GtpEngine`: ``handle_line(line) -> response``
:mod:`~igo.engine.protocol`         :class:`Engine`: the engine as its handlers see it
:mod:`~igo.engine.commands`         one handler per GTP command
:mod:`~igo.engine.state`            the game state (board, komi, rules, handicap, clock)
:mod:`~igo.engine.analyze`          GoGui analysis commands: the registry of views
:mod:`~igo.engine.standard_views`   the views every engine offers
:mod:`~igo.engine.influence_views`  views of the influence models
:mod:`~igo.engine.movepred_views`   the move model's view
:mod:`~igo.engine.streaming`        commands that stream until the next input line
:mod:`~igo.engine.analyze_stream`   ``lz-analyze``, ``kata-analyze``, ``analyze``, genmove
:mod:`~igo.engine.analysis_lines`   their line formats (Leela Zero, KataGo, Sabaki)
:mod:`~igo.engine.search_views`     GoGui views of the search, live ``gogui-gfx``
==================================  ======================================================

Imports point down: :mod:`~igo.engine.engine` imports the handler modules and fills its
table of commands with them; they type against the protocol
:class:`~igo.engine.protocol.Engine`, never against :class:`GtpEngine`.
"""
