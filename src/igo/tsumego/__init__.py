"""Life-and-death problems (paper 001, section 4.3): loading, the frame that confines
a whole-board search to a problem, solving with :class:`igo.search.Search`, scoring.

- :mod:`igo.tsumego.problems`: :class:`Problem` and the JSON-lines loader;
- :mod:`igo.tsumego.frame`: :func:`build_frame`, the tsumego frame;
- :mod:`igo.tsumego.solve`: one search per problem and run, its first move judged;
- :mod:`igo.tsumego.score`: rates overall and per collection.
"""
