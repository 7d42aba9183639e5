"""The quiz of the tutorials: an exercise's hands, its question, a button per answer, the verdict and why.

``Quiz("grande")`` in a notebook draws a new deal each time it runs (``Quiz("grande", seed=3)`` always the same
one; the repr names the seed); "Another deal" moves to the next seed. ``answer(key)`` is what a
click does, so lessons and tests can drive a quiz from Python.
"""

from __future__ import annotations

import html
import secrets

import ipywidgets

from ..engine.rules import Rules
from ..i18n.catalogues import default_language, message
from .exercises import Exercise, Verdict, exercise


class Quiz(ipywidgets.VBox):  # type: ignore[misc]
    """An exercise with feedback: right or wrong, and why, in the student's language."""

    def __init__(self, kind: str | Exercise, seed: int | None = None, *, language: str | None = None,
                 rules: Rules | None = None) -> None:
        self.language = default_language() if language is None else language
        if isinstance(kind, Exercise):
            self.exercise = kind
        else:
            self.exercise = exercise(kind, secrets.randbelow(1_000_000) if seed is None else seed, rules)
        self.verdict: Verdict | None = None
        self._picture = ipywidgets.HTML()
        self._question = ipywidgets.HTML()
        self._buttons = ipywidgets.HBox(layout=ipywidgets.Layout(flex_flow="row wrap"))
        self._feedback = ipywidgets.HTML()
        self._another = ipywidgets.Button(description=message("exercise.another", self.language), icon="refresh")
        self._another.on_click(lambda _: self.another())
        super().__init__([self._picture, self._question, self._buttons, self._feedback, self._another])
        self.add_class("mus-quiz")
        self._show()

    def __repr__(self) -> str:
        return f"Quiz({self.exercise.kind!r}, seed={self.exercise.seed}, language={self.language!r})"

    def _show(self) -> None:
        ex, lang = self.exercise, self.language
        self.verdict = None
        self._picture.value = ex.picture(lang)._repr_html_()
        self._question.value = f"<p><b>{html.escape(ex.text(lang))}</b></p>"
        buttons = []
        for key, label in ex.labels(lang):
            button = ipywidgets.Button(description=label, tooltip=label)
            button.on_click(lambda _, key=key: self.answer(key))
            buttons.append(button)
        self._buttons.children = buttons
        self._feedback.value = ""

    def answer(self, key: str) -> Verdict:
        """Give the answer ``key``: the buttons show which was right, the verdict says why."""
        verdict = self.exercise.check(key, self.language)
        self.verdict = verdict
        for (choice, _), button in zip(self.exercise.labels(self.language), self._buttons.children, strict=True):
            button.button_style = "success" if choice == self.exercise.answer else (
                "danger" if choice == key else "")
        self._picture.value = self.exercise.picture(self.language, captions=True)._repr_html_()
        colour = "#1b7f3b" if verdict.right else "#b3261e"
        self._feedback.value = (
            f'<p role="status" style="color:{colour}"><b>{html.escape(verdict.text)}</b> '
            f"{html.escape(verdict.why)}</p>")
        return verdict

    def another(self) -> None:
        """The same question on the next deal."""
        self.exercise = self.exercise.next()
        self._show()


__all__ = ["Quiz"]
