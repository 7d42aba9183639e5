"""``python -m mus_widget.serve --teacher-key KEY``: the classroom game server (:mod:`mus_widget.classroom.server`)."""

from .classroom.server import main

if __name__ == "__main__":
    main()
