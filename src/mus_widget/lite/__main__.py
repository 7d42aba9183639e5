"""``python -m mus_widget.lite build --output DIR [--cache DIR]``: build the classroom site and print its size."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from pathlib import Path

from .build import DEFAULT_CACHE, REPOSITORY, BuildError, build


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m mus_widget.lite", description=__doc__)
    commands = parser.add_subparsers(dest="command", required=True)
    build_parser = commands.add_parser("build", help="build the JupyterLite site into a folder")
    build_parser.add_argument("--output", type=Path, required=True, help="the site's folder (replaced)")
    build_parser.add_argument("--cache", type=Path, default=DEFAULT_CACHE,
                              help=f"downloads kept between builds (default {DEFAULT_CACHE})")
    build_parser.add_argument("--repository", type=Path, default=REPOSITORY,
                              help="the checkout whose package and tutorials go in (default: this one)")
    args = parser.parse_args(argv)
    try:
        site = build(args.output, args.cache, args.repository)
    except BuildError as error:
        print(error, file=sys.stderr)
        return 1
    print(f"built {site.path} ({site.size_mb} MB) in {site.seconds} s; try it: "
          f"python -m http.server -d {site.path} 8000, then open http://127.0.0.1:8000/")
    print(json.dumps({"site": str(site.path), "site_mb": site.size_mb, "build_s": site.seconds}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
