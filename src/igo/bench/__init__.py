"""Speed measurements shared by ``igo bench`` and ``benchmarks/`` (library side)."""
