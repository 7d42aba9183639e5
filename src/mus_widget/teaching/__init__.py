"""The teaching tools: why each lance went as it did (:mod:`.explain`), scripted hands and their library
(:mod:`.scenarios`), the exercises of the quizzes (:mod:`.exercises`), the coach (:mod:`.coach`) and the static
pictures for lessons (:mod:`.pictures`). They stand on the engine, the language and the bots, never on the table,
and need no widget library: the quiz's widget is :mod:`mus_widget.table.quiz`.
"""
