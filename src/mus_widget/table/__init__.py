"""The table: the ``MusTable`` anywidget (:mod:`.widget`), the student seat's view of the game
(:mod:`.view_state`) and the front-end bundle it ships (``static/``). The top layer of the package.
"""
