"""Go Text Protocol, the low-level pieces: the wire format, the client that drives
external engines (GNU Go, Pachi, igo itself as a subprocess), argument checks and
errors. igo's own engine, which answers GTP, is :mod:`igo.engine`, above this
package; nothing here imports it.

==============================  ======================================================
module                          what it holds
==============================  ======================================================
:mod:`~igo.gtp.protocol`        line preprocessing, command parsing, response framing
:mod:`~igo.gtp.client`          :class:`GtpClient`: drives an engine process
:mod:`~igo.gtp.args`            argument checks shared by handlers
:mod:`~igo.gtp.errors`          :class:`GtpError` and the client-side errors
==============================  ======================================================
"""

from igo.gtp.errors import GtpClientError, GtpEngineError, GtpError

__all__ = ["GtpClientError", "GtpEngineError", "GtpError"]
