"""``python -m mus_widget.docs``: ``mus-widget docs``, the documentation site's builder (:func:`.build.main`)."""

from .build import main

if __name__ == "__main__":
    raise SystemExit(main())
