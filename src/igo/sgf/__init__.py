"""Game records on disk: SGF reading and writing, and corpora of many records.

- :func:`parse_sgf` / :func:`read_sgf_file`: SGF text or bytes → :class:`GameRecord`
  (tolerant of real files: see :mod:`igo.sgf.read`);
- :func:`to_sgf`: :class:`GameRecord` → SGF text;
- :func:`iter_records`: stream records from files, directories, archives and
  one-game-per-line ``.sgfs[.xz|.gz|.bz2]`` files, skipping and counting broken ones
  (:mod:`igo.sgf.corpus`);
- :class:`SgfError`: what goes wrong, with a ``reason`` code.
"""

from igo.sgf.corpus import CorpusStats, iter_records
from igo.sgf.errors import REASONS, SgfError
from igo.sgf.read import parse_sgf, parse_sgf_collection, read_sgf_file
from igo.sgf.write import to_sgf

__all__ = [
    "REASONS",
    "CorpusStats",
    "SgfError",
    "iter_records",
    "parse_sgf",
    "parse_sgf_collection",
    "read_sgf_file",
    "to_sgf",
]
