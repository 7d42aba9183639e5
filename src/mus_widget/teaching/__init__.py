"""The teaching tools: why each lance went as it did (:mod:`.explain`), scripted hands and their library
(:mod:`.scenarios`), quizzes (:mod:`.exercises`, :mod:`.quiz`), the coach (:mod:`.coach`), the static
pictures (:mod:`.pictures`) and the base of every widget, the quiz's and the table's (:mod:`.steady`). They
stand on the engine, the language and the bots, never on the table.
"""
