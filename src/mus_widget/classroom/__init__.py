"""The classroom: a game server that owns every table's game (:mod:`.server`, run by ``python -m
mus_widget.serve``), its database (:mod:`.storage`), the JSON protocol (:mod:`.protocol`) and a synchronous
client for scripts and tests (:mod:`.client`, also ``mus_widget.remote``). See docs/classroom.md."""
