"""The one exception of the SGF layer, with a machine-readable reason.

Every record that cannot be read raises :class:`SgfError`; ``reason`` is one of the
short codes of :data:`REASONS`, which corpus statistics count by
(:class:`igo.sgf.corpus.CorpusStats`), and ``source`` says which record it was.
"""

from __future__ import annotations

from igo.core.errors import IgoError

#: Why a record was rejected.
#:
#: ``empty``           no SGF game in the data (blank file or line, no ``(;``)
#: ``parse_error``     the SGF grammar is broken (stray text, value outside a node …)
#: ``not_go``          ``GM`` is not 1
#: ``bad_size``        ``SZ`` unreadable, not square, or outside 2–25
#: ``bad_value``       an unreadable ``KM``, ``HA`` or ``PL``
#: ``bad_coordinate``  a move or setup point that is malformed or off the board
#: ``bad_move``        a node with both ``B`` and ``W``, or several values for one move
#: ``bad_setup``       a point set to both colours, or setup stones after the first move
#: ``illegal_move``    (corpus replay only) a move the record's rules forbid
#: ``unreadable``      (corpus only) a file or archive that cannot be opened or read
REASONS = (
    "empty",
    "parse_error",
    "not_go",
    "bad_size",
    "bad_value",
    "bad_coordinate",
    "bad_move",
    "bad_setup",
    "illegal_move",
    "unreadable",
)


class SgfError(IgoError, ValueError):
    """An SGF record that cannot be turned into a :class:`~igo.core.record.GameRecord`.

    Parameters
    ----------
    reason
        One of :data:`REASONS`.
    message
        What is wrong, for people.
    source
        Where the record came from (file, ``file:line``, ``archive:member``).
    """

    def __init__(self, reason: str, message: str, source: str = "") -> None:
        self.reason = reason
        self.message = message
        self.source = source
        where = f"{source}: " if source else ""
        super().__init__(f"{where}{message} [{reason}]")

    def __reduce__(self) -> tuple[type[SgfError], tuple[str, str, str]]:
        return (type(self), (self.reason, self.message, self.source))
