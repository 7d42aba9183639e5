"""The table: the ``MusTable`` anywidget (:mod:`.widget`), the student seat's view of the game
(:mod:`.view_state`) and the front-end bundle it ships (``static/``). The top layer of the package.

The widget's parts, one module each: the game and its bots (:mod:`.play`), the game's intents (:mod:`.intents`),
the stepping mode (:mod:`.stepping`), the options and the new-game panel (:mod:`.options`), the pace of the bots'
moves (:mod:`.pacing`) and the refusals (:mod:`.refusal`).
"""
