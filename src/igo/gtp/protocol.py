"""GTP v2 wire format: reading command lines and writing responses (pure functions).

Implements sections 2.2–2.11 of the GTP v2 specification
(https://www.lysator.liu.se/~gunnar/gtp/gtp2-spec-draft2/gtp2-spec.html):

- :func:`preprocess`: remove control characters except HT and LF, turn HT into a
  space, discard everything after ``#``, strip; an empty result is ignored.
- :func:`parse_command`: ``[id] command_name [arguments]`` where ``id`` is an
  unsigned integer.
- :func:`format_success` / :func:`format_failure`: ``=[id] result`` and
  ``?[id] message``, each terminated by exactly one empty line. Multi-line results
  keep their lines, but a response must not contain an empty line (it would end the
  response early), so empty and blank inner lines are dropped.

>>> parse_command("12 play  b\\tD4 # a comment")
Command(id=12, name='play', args=('b', 'D4'))
>>> format_success(12, "")
'=12\\n\\n'
>>> format_failure(None, "unknown command")
'? unknown command\\n\\n'
"""

from __future__ import annotations

from typing import NamedTuple

# Characters 0-31 and 127, except HT (9) and LF (10), are removed (section 2.2).
_REMOVE = {c: None for c in [*range(32), 127] if c not in (9, 10)}
_TRANSLATE = {**_REMOVE, 9: 32}


class Command(NamedTuple):
    """A parsed command line: optional numeric ``id``, ``name`` and arguments.

    ``name`` is empty when the line holds only an id (a malformed command the engine
    answers with ``?id``).
    """

    id: int | None
    name: str
    args: tuple[str, ...]


def preprocess(line: str) -> str:
    """Apply the GTP preprocessing rules to one line and strip surrounding spaces.

    Control characters other than HT and LF are removed (CR included), HT becomes a
    space, and a ``#`` starts a comment that runs to the end of the line.
    """
    text = line.translate(_TRANSLATE)
    hash_at = text.find("#")
    if hash_at >= 0:
        text = text[:hash_at]
    return text.replace("\n", " ").strip()


def parse_command(line: str) -> Command | None:
    """Parse one line into a :class:`Command`; ``None`` for an empty or comment line.

    A leading token made only of digits is the id (GTP ids are unsigned integers).
    """
    tokens = preprocess(line).split()
    if not tokens:
        return None
    cmd_id: int | None = None
    if tokens[0].isdigit() and tokens[0].isascii():
        cmd_id = int(tokens[0])
        tokens = tokens[1:]
    if not tokens:
        return Command(cmd_id, "", ())
    return Command(cmd_id, tokens[0], tuple(tokens[1:]))


def _body(text: str) -> str:
    lines = text.replace("\r", "").split("\n")
    first, rest = lines[0].rstrip(), [ln.rstrip() for ln in lines[1:] if ln.strip()]
    head = f" {first}" if first else ""
    if not rest:
        return head
    return head + "\n" + "\n".join(rest)


def _frame(mark: str, cmd_id: int | None, text: str) -> str:
    ident = "" if cmd_id is None else str(cmd_id)
    return f"{mark}{ident}{_body(text)}\n\n"


def format_success(cmd_id: int | None, text: str = "") -> str:
    """A success response: ``=[id] text`` followed by one empty line.

    ``text`` may span several lines; empty inner lines are dropped.
    """
    return _frame("=", cmd_id, text)


def format_failure(cmd_id: int | None, message: str) -> str:
    """A failure response: ``?[id] message`` followed by one empty line."""
    return _frame("?", cmd_id, message or "failed")


__all__ = ["Command", "format_failure", "format_success", "parse_command", "preprocess"]
