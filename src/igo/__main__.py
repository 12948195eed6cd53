"""``python -m igo …``: the same as the ``igo`` command (for scripts that pin an
interpreter or a ``PYTHONPATH`` rather than a console script)."""

import sys

from igo.cli.main import main

if __name__ == "__main__":
    sys.exit(main())
