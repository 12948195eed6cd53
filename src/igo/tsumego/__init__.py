"""Life-and-death problems, as in section 4.3 of Ohta and Itoh, "An Igo Algorithm of
Monte Carlo Tree Search Including Tabu Search" (2013; "Ohta & Itoh" in docstrings):
loading, the frame that confines a whole-board search to a problem, solving with
:class:`igo.search.Search`, scoring.

- :mod:`igo.tsumego.problems`: :class:`Problem` and the JSON-lines loader;
- :mod:`igo.tsumego.frame`: :func:`build_frame`, the tsumego frame;
- :mod:`igo.tsumego.solve`: one search per problem and run, its first move judged;
- :mod:`igo.tsumego.score`: rates overall and per collection.
"""
