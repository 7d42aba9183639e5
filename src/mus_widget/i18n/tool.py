"""``mus-widget i18n [code ...]``: bring the ``.po`` catalogues in line with the English one.

New ids are added empty, ids gone from English are dropped, and a text whose English changed since it was
translated is marked fuzzy (and so not shown) until a translator looks at it again. The English text of each
id is written above it as a comment, for the translator.
"""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from datetime import datetime, timezone
from importlib import metadata
from typing import Final

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from .catalogues import LANGUAGES, expected, language_name, po_path

HEADER: Final = """\
# The {name} catalogue of mus-widget. msgid is the stable message id; the comment above it is the English.
# Keep the {{placeholders}}; the game's words (Grande, Envido, Quiero, Órdago, Mus...) stay Spanish.
# Flag an entry "same" where the text is rightly the same as the English. Update: python -m mus_widget.i18n_tool
#"""

EPOCH: Final = datetime(2026, 11, 29, tzinfo=timezone.utc)
"""A fixed date for the headers, so a sync that changes no text changes no file."""


def sync(code: str) -> list[str]:
    """Bring ``locales/<code>.po`` in line with English: add new ids (empty), drop gone ones, mark fuzzy any
    text whose English changed since it was translated. Returns the ids that still need a translator."""
    path = po_path(code)
    old: dict[str, tuple[str, str, set[str]]] = {}
    if path.exists():
        with path.open("rb") as file:
            for m in read_po(file, locale=code):
                if m.id:
                    english = " ".join(c for c in m.auto_comments)
                    old[str(m.id)] = (str(m.string), english, set(m.flags))
    po = Catalog(
        locale=code, project="mus-widget", version=metadata.version("mus-widget"), domain="mus_widget", fuzzy=False,
        header_comment=HEADER.format(name=language_name(code)), creation_date=EPOCH, revision_date=EPOCH,
        last_translator="mus-widget translators", language_team=f"{language_name(code)} <{code}>",
        copyright_holder="the mus-widget authors",
    )
    todo = []
    wanted = expected(code)
    for message_id, english in wanted.items():
        string, was, flags = old.get(message_id, ("", english, set()))
        flags.discard("python-format")
        if string and was != english:
            flags.add("fuzzy")
        if not string or "fuzzy" in flags:
            todo.append(message_id)
        po.add(message_id, string, auto_comments=[english], flags=sorted(flags))
    with path.open("wb") as file:
        write_po(file, po, width=120, omit_header=False, sort_output=False, include_previous=False)
    return todo


def main(argv: Sequence[str] | None = None) -> int:
    """Sync the catalogues named (all but English by default) and say what each still needs."""
    parser = argparse.ArgumentParser(prog="mus-widget i18n", description=(
        "Bring each language's translation file (src/mus_widget/i18n/locales/<code>.po) in line with the English "
        "messages: new texts are added to translate, texts gone from English are dropped, and a text whose English "
        "changed is marked to check (and not shown) until a translator looks at it again."))
    translated = [c for c in LANGUAGES if c != "en"]
    parser.add_argument("codes", nargs="*", metavar="code",
                        help=f"the languages to sync (default: all of {' '.join(translated)})")
    codes = parser.parse_args(argv).codes or translated
    unknown = [code for code in codes if code not in translated]
    if unknown:
        parser.error(f"no catalogue to sync for {' '.join(unknown)}: the languages are {' '.join(translated)}")
    for code in codes:
        todo = sync(code)
        total = len(expected(code))
        print(f"{code}: {total - len(todo)} of {total} translated" + (f"; to do: {len(todo)}" if todo else ""))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
