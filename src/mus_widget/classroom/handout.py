"""The teacher's printable handout of the join codes: one card per table (the table, its join code, who it is kept
for, and the line a student runs to sit down), to print and cut up (``Classroom.handout()``).

The server keeps only a code's SHA-256, so the codes themselves come from the teacher
(``codes={"3B": "oros-7k3q-m9xp"}``); a table that needs a code the teacher did not give gets a line to write it on
by hand."""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable, Mapping
from typing import Any, Final

from ..i18n.catalogues import check_language, message

STYLE: Final = """
.mus-handout { font-family: system-ui, sans-serif; color: #000; background: #fff; }
.mus-handout h1 { font-size: 18pt; margin: 0 0 8pt 0; }
.mus-handout-cards { display: grid; grid-template-columns: repeat(auto-fill, minmax(8.5cm, 1fr)); gap: 6mm; }
.mus-handout-card { border: 1.5pt dashed #444; border-radius: 4mm; padding: 5mm; break-inside: avoid;
  page-break-inside: avoid; }
.mus-handout-card dl { display: grid; grid-template-columns: max-content 1fr; gap: 2mm 4mm; margin: 0; }
.mus-handout-card dt { font-weight: 600; }
.mus-handout-card dd { margin: 0; }
.mus-handout-table { font-size: 20pt; font-weight: 700; }
.mus-handout-code { font-family: ui-monospace, monospace; font-size: 20pt; letter-spacing: 1pt; }
.mus-handout-blank { display: inline-block; min-width: 4cm; border-bottom: 1pt solid #000; }
.mus-handout-how { margin: 3mm 0 0 0; font-size: 9pt; }
.mus-handout-how code { display: block; font-size: 9pt; overflow-wrap: anywhere; }
@media print {
  @page { margin: 12mm; }
  .mus-handout h1 { display: none; }
  .mus-handout-cards { grid-template-columns: 1fr 1fr; }
}
"""
"""Print-friendly: black on white, dashed cards to cut along, never a card split over two pages."""


class Handout(str):
    """The handout's HTML page (a ``str``: write it to a file and print it); a notebook shows it as it prints."""

    def _repr_html_(self) -> str:
        return str(self)


def _card(summary: Mapping[str, Any], server: str, codes: Mapping[str, str], language: str) -> str:
    t = functools.partial(message, language=language)
    table = str(summary["table"])
    code = codes.get(table)
    if code is not None:
        shown = f'<span class="mus-handout-code">{html.escape(code)}</span>'
    elif summary.get("code"):
        shown = f'<span class="mus-handout-blank">&#160;</span> {html.escape(t("handout.code_unknown"))}'
    else:
        shown = html.escape(t("handout.no_code"))
    locked = summary.get("locked")
    kept = ", ".join(str(name) for name in locked) if locked else t("handout.anyone")
    call = f'mw.MusTable(server="{server}", table="{table}", name="{t("handout.your_name")}"'
    if code is not None:
        call += f', code="{code}"'
    elif summary.get("code"):
        call += ', code="…"'
    call += ")"
    return (f'<section class="mus-handout-card" data-table="{html.escape(table)}"><dl>'
            f'<dt>{html.escape(t("handout.table"))}</dt>'
            f'<dd class="mus-handout-table">{html.escape(table)}</dd>'
            f'<dt>{html.escape(t("handout.code"))}</dt><dd>{shown}</dd>'
            f'<dt>{html.escape(t("handout.kept_for"))}</dt><dd class="mus-handout-kept">{html.escape(kept)}</dd>'
            f'</dl><p class="mus-handout-how">{html.escape(t("handout.how"))}<code>{html.escape(call)}</code></p>'
            f"</section>")


def handout(summaries: Iterable[Mapping[str, Any]], *, server: str, codes: Mapping[str, str] | None = None,
            language: str = "en") -> Handout:
    """The printable handout of the tables ``summaries`` (``remote.tables``' format; a table set aside has no
    card): a card per table with its name, its join code (from ``codes``, by table), who it is kept for, and the
    cell a student runs. Every text is in ``language``, from the message catalogue."""
    check_language(language)
    known = dict(codes or {})
    cards = "".join(_card(s, server, known, language) for s in summaries if s.get("set_aside") is None)
    title = html.escape(message("handout.title", language))
    return Handout(f'<!DOCTYPE html><html lang="{language}"><head><meta charset="utf-8"><title>{title}</title>'
                   f'<style>{STYLE}</style></head><body><div class="mus-handout"><h1>{title}</h1>'
                   f'<div class="mus-handout-cards">{cards}</div></div></body></html>')


__all__ = ["Handout", "handout"]
