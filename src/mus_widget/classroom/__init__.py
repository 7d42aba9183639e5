"""The classroom: a game server that owns every table's game (:mod:`.server`, run by ``python -m
mus_widget.serve``), its database (:mod:`.storage`), the JSON protocol (:mod:`.protocol`) and a synchronous
client for scripts and tests (:mod:`.client`, also ``mus_widget.remote``). See docs/classroom.md."""

from importlib.util import find_spec

if find_spec("websockets") is None:
    raise ImportError('the classroom server and client need websockets: pip install "mus-widget[classroom]"')
