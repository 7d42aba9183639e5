"""``python -m mus_widget.lite``: ``mus-widget lite``, the classroom site's builder (:func:`.build.main`)."""

from .build import main

if __name__ == "__main__":
    raise SystemExit(main())
