"""The student's language: the English message catalogue, the gettext catalogues of the other languages,
plural forms and numbers (:mod:`.catalogues`), and the texts of actions, events and reasons (:mod:`.text`).

It stands on the engine alone; ``python -m mus_widget.i18n_tool`` keeps the ``.po`` files in line.
"""

from .catalogues import (
    GAME_WORDS,
    LANGUAGES,
    PLURAL_IDS,
    SAME_FLAG,
    LanguageError,
    catalog,
    categories,
    default_language,
    expected,
    format_number,
    language_name,
    message,
    plural_category,
    po_path,
)

__all__ = [
    "GAME_WORDS", "LANGUAGES", "PLURAL_IDS", "SAME_FLAG", "LanguageError", "catalog", "categories", "default_language",
    "expected",
    "format_number", "language_name", "message", "plural_category", "po_path",
]
