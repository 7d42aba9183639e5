"""The widgets: the ``MusTable`` anywidget (:mod:`.widget`), the quiz (:mod:`.quiz`), their common base
(:mod:`.base`), the student seat's view of the game (:mod:`.view_state`) and the front-end bundle they ship
(``static/``). The top layer of the package below the classroom.

The table's parts, one module each: the game and its bots (:mod:`.play`), the game's intents (:mod:`.intents`),
the stepping mode (:mod:`.stepping`), the options and the new-game panel (:mod:`.options`), the pace of the bots'
moves (:mod:`.pacing`), the refusals (:mod:`.refusal`), the static snapshot (:mod:`.snapshot`), a table whose game
is held elsewhere (:mod:`.relayed`) and the one-page export (:mod:`.export`).
"""
