"""The ``igo`` command line: a thin shell over the library (nothing imports it)."""
