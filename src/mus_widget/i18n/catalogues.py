"""The student's language: the catalogues, plural forms and numbers of every user-visible text.

English is the reference (:data:`mus_widget.i18n.messages.EN`); the other languages are gettext catalogues,
``locales/<code>.po``, whose ``msgid`` is the stable message id and whose ``msgstr`` is the text. Plural forms
follow CLDR through Babel: where a text depends on ``count``, the catalogue may hold ``<id>.<category>``
(``one``, ``few``, ``many``) beside ``<id>`` (the ``other`` form). Numbers are formatted in the language's
own way (``74,5`` in Spanish, ``74.5`` in English). Run ``python -m mus_widget.i18n_tool`` after changing the
English catalogue: it brings every ``.po`` file in line and marks changed texts fuzzy for the translators.
"""

from __future__ import annotations

import locale
import os
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Final

from babel import Locale
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from ..engine.errors import MusError
from .messages import EN, placeholders

LANGUAGES: Final = ("en", "es", "nl", "tr", "cs", "af")
"""The codes of the languages the table speaks, English first."""

GAME_WORDS: Final = frozenset({
    "lance.grande", "lance.chica", "lance.pares", "lance.juego", "lance.punto",
    "action.mus", "action.no-mus", "action.paso", "action.envido", "action.quiero", "action.no-quiero",
    "action.ordago", "action.raise", "outcome.accepted", "outcome.rejected", "pares.par", "pares.medias",
    "pares.duples",
})
"""The game's own words: Spanish in every language, with the local word beside them (``gloss.<id>``)."""

SAME_FLAG: Final = "same"
"""The ``.po`` flag a translator sets on a text that is rightly the same as the English one."""

PLURAL_IDS: Final = frozenset({"feature.reyes", "feature.ases", "feature.total", "explain.random",
                                "review.call.piedras"})
"""The texts whose words follow ``{count}``: each language has ``<id>.<category>`` for its plural categories
of whole numbers beside ``<id>``, the ``other`` form."""


class LanguageError(MusError):
    """A language code the table does not speak."""


def check_language(code: str) -> str:
    """``code`` if the table speaks it; else :class:`LanguageError` naming the languages it speaks."""
    if code not in LANGUAGES:
        raise LanguageError(f"no language {code!r}: the table speaks {', '.join(LANGUAGES)}")
    return code


def po_path(code: str) -> Path:
    """Where the catalogue of ``code`` lives in the source tree (for the sync tool and the tests)."""
    return Path(__file__).with_name("locales") / f"{check_language(code)}.po"


@cache
def _catalogue(code: str) -> dict[str, str]:
    if check_language(code) == "en":
        return EN
    with (resources.files(__package__) / "locales" / f"{code}.po").open("rb") as file:
        po = read_po(file, locale=code)
    return {str(m.id): str(m.string) for m in po if m.id and m.string and "fuzzy" not in m.flags}


def catalog(code: str) -> dict[str, str]:
    """The catalogue of ``code`` as a dict from message id to text (a copy: changing it changes nothing)."""
    return dict(_catalogue(code))


@cache
def _locale(code: str) -> Locale:
    return Locale.parse(code)


AUTONYMS: Final[dict[str, str]] = {
    "en": "English", "es": "Español", "nl": "Nederlands", "tr": "Türkçe", "cs": "Čeština", "af": "Afrikaans",
}
"""Each language's name for itself, as Babel (CLDR) gives it, capitalised. Kept here because asking Babel loads
every language's locale data: a fifth of a new table's time, and more in the offline site's WebAssembly
(tests/test_i18n.py checks the names against Babel's)."""


def babel_language_name(code: str) -> str:
    """The language's own name for itself as Babel gives it (what :data:`AUTONYMS` keeps)."""
    name = _locale(check_language(code)).get_display_name(code) or code
    return name[:1].upper() + name[1:]


def language_name(code: str) -> str:
    """The language's own name for itself: "Nederlands", "Türkçe"."""
    return AUTONYMS[check_language(code)]


def plural_category(code: str, count: float) -> str:
    """The CLDR plural category of ``count`` in ``code``: ``one``, ``few``, ``many`` or ``other``."""
    return str(_locale(check_language(code)).plural_form(count))


def format_number(value: float, code: str) -> str:
    """A number as the language writes it: ``1.234`` and ``74,5`` in Spanish, ``1,234`` and ``74.5`` in English."""
    if type(value) is int and 0 <= value < 1000 and code in LANGUAGES:
        return str(value)  # every language writes these digits alike: the common case, kept fast
    return str(format_decimal(value, locale=_locale(check_language(code))))


def message(message_id: str, language: str = "en", **values: object) -> str:
    """The text of ``message_id`` in ``language`` with its placeholders filled, numbers in the language's form.

    Where ``count`` is given and the catalogue has the plural form ``<id>.<category>`` for it, that form is
    used. A text missing from a catalogue falls back to English; unknown ids and missing values raise.
    """
    catalogue = _catalogue(check_language(language))
    count = values.get("count")
    if message_id in PLURAL_IDS and isinstance(count, int | float) and not isinstance(count, bool):
        plural = f"{message_id}.{plural_category(language, count)}"
        if plural in catalogue:
            message_id = plural
    text = catalogue.get(message_id, EN.get(message_id))
    if text is None:
        raise MusError(f"no message {message_id!r} in the catalogue")
    missing = placeholders(text) - set(values)
    if missing:
        raise MusError(f"message {message_id!r} needs {sorted(missing)}, got {sorted(values)}")
    shown = {
        key: format_number(value, language)
        if isinstance(value, int | float) and not isinstance(value, bool) else value
        for key, value in values.items()
    }
    return text.format(**shown)


def default_language(environ: dict[str, str] | None = None) -> str:
    """The language of the kernel's locale (``LC_ALL``, ``LC_MESSAGES``, ``LANG``, ``LANGUAGE``, then the
    process locale) when the table speaks it; English otherwise."""
    env = os.environ if environ is None else environ
    candidates = [env.get(name, "") for name in ("LC_ALL", "LC_MESSAGES", "LANG")]
    candidates += env.get("LANGUAGE", "").split(":")
    if environ is None:
        candidates.append(locale.getlocale()[0] or "")
    for candidate in candidates:
        code = candidate.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        if code in LANGUAGES:
            return code
    return "en"


# ---------------------------------------------------------------------------------------------- the sync tool


def categories(code: str) -> tuple[str, ...]:
    """The plural categories whole numbers take in ``code``, besides ``other``: ``("one",)``, or
    ``("one", "few")`` in Czech."""
    found = {plural_category(code, n) for n in range(1000)} - {"other"}
    return tuple(c for c in ("zero", "one", "two", "few", "many") if c in found)


def expected(code: str) -> dict[str, str]:
    """The ids the catalogue of ``code`` must hold, each with the English text it translates."""
    out: dict[str, str] = {}
    for message_id, english in EN.items():
        base, _, suffix = message_id.rpartition(".")
        if base in PLURAL_IDS and suffix in ("zero", "one", "two", "few", "many"):
            continue
        out[message_id] = english
        if message_id in PLURAL_IDS:
            for category in categories(code):
                out[f"{message_id}.{category}"] = EN.get(f"{message_id}.{category}", english)
    return out


__all__ = [
    "GAME_WORDS", "LANGUAGES", "PLURAL_IDS", "SAME_FLAG", "LanguageError", "catalog", "categories", "check_language",
    "default_language",
    "expected",
    "format_number", "language_name", "message", "plural_category", "po_path",
]
