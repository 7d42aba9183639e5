"""The widgets' common base (the table's and the quiz's): an anywidget that keeps its front end in touch even when
anywidget stops listening, and that shows a static picture wherever its live view cannot.

anywidget gives a widget's module 2 s to load from the moment its model is born in the browser; past that (a busy
page, fifty tables at once, JupyterLite starting) it drops every message the kernel sends that model, for good.
The view still draws from the state the model was born with, and its clicks still reach the kernel, but nothing
comes back. So a :class:`BaseWidget` opens its comm only once it holds its first view, and when its front end
(``js/fallback.js``) hears nothing from the kernel it asks for a :class:`Fallback`: a plain ipywidgets model beside the
widget's own that carries the same traits and custom messages, which anywidget does not gate.

Displayed in a notebook, a :class:`BaseWidget` puts two outputs in the cell: first its static picture
(:meth:`BaseWidget.picture`, ``text/html``), then its view (the widget view mime type). One output holding both
would not do: every renderer that knows the widget view takes it over the ``text/html`` beside it, and shows
nothing (JupyterLab's "Error displaying widget: model not found" once the kernel is gone, a blank in nbconvert's
HTML once ``--execute`` saved the widget state, a blank in myst-nb without network). So the picture stands on its
own; the live view hides it when it draws (``js/still.js``), and the picture's own style hides the text
JupyterLab leaves where the view cannot draw (docs/export.md).
"""

from __future__ import annotations

import functools
import html
import sys
import uuid
from typing import Any, Final, TypeVar

import anywidget
import ipywidgets
import traitlets
from IPython.display import display

from ..teaching.pictures import Picture

T = TypeVar("T")

Synced = traitlets.TraitType[dict[str, Any], T]
"""A synced ``Dict`` trait whose values are held by mypy to ``T``, a ``TypedDict`` of :mod:`.contract` (read back
as plain JSON): ``state: Synced[TableState] = synced_dict()``."""

JSNULL: object = object()
"""How the kernel hands over a null of the front end's messages where it is not None: Pyodide's ``jsnull`` in the
offline site (Pyodide 0.28 and later), and otherwise a value no message holds."""
if sys.platform == "emscripten":  # pragma: no cover - the offline site's kernel
    import pyodide.ffi

    JSNULL = pyodide.ffi.jsnull

FALLBACK_SUFFIX = ".fallback"
"""The fallback's model id is the widget's followed by this, so every view of the widget finds the same fallback."""


WIDGET_VIEW: Final = "application/vnd.jupyter.widget-view+json"
STILL_STYLE: Final = (
    "<style>"
    # JupyterLab and Notebook 7: the output right after a shown picture (its widget's view) when it holds text
    # alone, no element: "Loading widget..." without a kernel, "Error displaying widget: model not found" with a
    # new one. The picture stands in for it. (A :has() may not hold another, hence the :not().)
    ".jp-OutputArea-child:has(.mus-still:not([hidden])) + .jp-OutputArea-child:not(:has(.jp-OutputArea-output *))"
    "{display:none}"
    # The picture's own output once the live view hid the picture: no empty row left.
    ".jp-OutputArea-child:has(> .jp-OutputArea-output > .mus-still[hidden]){display:none}"
    "</style>")
"""The style each picture carries (a widget's own CSS comes only with its model, which is what is missing)."""


def as_json(value: object) -> object:
    """A front end's message as JSON carries it, in every kernel: its nulls None (Pyodide's :data:`JSNULL` too)."""
    if isinstance(value, dict):
        return {key: as_json(item) for key, item in value.items()}
    if isinstance(value, list):
        return [as_json(item) for item in value]
    return None if value is JSNULL else value


def still(picture: Picture, model_id: str) -> str:
    """``picture`` as the output a widget shows before its view: marked with the widget's model id, which the
    live view looks for to hide it (``js/still.js``), and carrying :data:`STILL_STYLE`."""
    return f'<div class="mus-still" data-mus-still="{html.escape(model_id)}">{STILL_STYLE}{picture.html}</div>'


def _output(data: dict[str, Any], metadata: dict[str, Any] | None = None) -> None:
    """Put one output of ``data`` in the cell (IPython's ``display`` of ready-made data)."""
    display(data, metadata=metadata, raw=True)  # type: ignore[no-untyped-call]


class Fallback(ipywidgets.Widget):  # type: ignore[misc]
    """A copy of a widget's synced traits and custom messages on a model of ipywidgets' base (no view, no module
    to load): what the front end reads instead of a model anywidget no longer delivers to."""


@functools.cache
def fallback_class(names: tuple[str, ...]) -> type[Fallback]:
    """The :class:`Fallback` with one synced trait for each of ``names``."""
    traits: dict[str, Any] = {name: traitlets.Any().tag(sync=True) for name in names}
    return type("Fallback", (Fallback,), traits)


SyncedList = traitlets.TraitType[list[Any], list[T]]
"""A synced ``List`` trait whose items are held by mypy to ``T``, a ``TypedDict`` of :mod:`.contract`."""


def synced_list() -> Any:
    """A synced ``traitlets.List()``, for an attribute annotated :data:`SyncedList`."""
    return traitlets.List().tag(sync=True)


def synced_dict() -> Any:
    """A synced ``traitlets.Dict()``, for an attribute annotated :data:`Synced` (a plain ``Dict`` takes any dict)."""
    return traitlets.Dict().tag(sync=True)


def mirrored(kind: type[BaseWidget]) -> tuple[str, ...]:
    """The synced traits a fallback carries for a widget of ``kind``: its public ones and ``_id``, not anywidget's
    or ipywidgets' own (``_esm``, ``_model_name``, ``layout``...)."""
    base = set(anywidget.AnyWidget.class_trait_names(sync=True))
    return tuple(sorted(name for name in kind.class_trait_names(sync=True)
                        if name not in base and (name == "_id" or not name.startswith("_"))))


class BaseWidget(anywidget.AnyWidget):
    """An anywidget whose model id is chosen up front (the front end reads it as ``_id``), whose comm opens
    with its first view, which answers the front end's pings, and which lays a :class:`Fallback` when asked."""

    _id = traitlets.Unicode("").tag(sync=True)
    """The widget's own model id: the front end asks its host for the model (is a kernel there?) and the fallback."""

    _viewable = False
    """Whether the widget holds its first view: until then its comm stays closed (see :meth:`open`)."""
    _fallback: Fallback | None = None

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(model_id=uuid.uuid4().hex, **kwargs)
        self._id = self._model_id
        self._mirrored = mirrored(type(self))
        self.on_msg(self._on_front_end)
        self.observe(self._mirror, names=list(self._mirrored))

    def open(self) -> None:
        """Open the comm only once the widget holds its first view (:meth:`_first_view_made`), so the browser's
        model is born with it: a first view sent after the comm opened would be lost to a late module."""
        if self._viewable:
            super().open()

    def close(self) -> None:
        """Close the widget and its fallback: their views go."""
        self._close_fallback()
        super().close()

    def send(self, content: dict[str, Any], buffers: list[bytes] | None = None) -> None:
        """Send a custom message to the front end, along the fallback too when there is one."""
        super().send(content, buffers)
        if self._fallback is not None:
            self._fallback.send(content, buffers)

    def receive(self, content: object) -> None:
        """Handle one message of the front end's own (anything but a ping or the fallback's)."""
        raise NotImplementedError

    def picture(self) -> Picture:
        """The widget as a static picture: what shows where its live view cannot (see the module)."""
        raise NotImplementedError

    def _ipython_display_(self) -> None:
        """Display the widget as two outputs: its picture (with the repr as its ``text/plain``), then its view
        (with an empty ``text/plain``, so that a page without the view shows the picture alone). A closed widget
        shows its repr, as ipywidgets' own do."""
        bundle = self._repr_mimebundle_() if callable(self._repr_mimebundle_) else None
        if bundle is None:
            _output({"text/plain": repr(self)})
            return
        data, metadata = self._displayed(bundle)
        _output({"text/html": still(self.picture(), self._model_id), "text/plain": data["text/plain"]})
        _output({**data, "text/plain": ""}, metadata)

    def _displayed(self, bundle: tuple[dict[str, Any], dict[str, Any]]) -> tuple[dict[str, Any], dict[str, Any]]:
        """The view a notebook displays after the picture, from the widget's own mime bundle: the widget itself
        (a widget shown with others around it returns theirs)."""
        return bundle

    @property
    def falling_back(self) -> bool:
        """Whether a front end asked for a fallback and it is open."""
        return self._fallback is not None

    def _first_view_made(self) -> None:
        """The traits hold the first view: open the comm with them."""
        self._viewable = True
        self.open()

    def _on_front_end(self, _widget: object, content: object, _buffers: object) -> None:
        content = as_json(content)
        kind = content.get("type") if isinstance(content, dict) else None
        if kind == "ping":
            seq = content.get("seq") if isinstance(content, dict) else None
            self.send({"type": "pong", "seq": seq if isinstance(seq, int) else None})
        elif kind == "fallback":
            self._open_fallback()
        elif kind == "drop_fallback":
            self._close_fallback()
        else:
            self.receive(content)

    def _open_fallback(self) -> None:
        if self._fallback is None and self.comm is not None:
            values = {name: getattr(self, name) for name in self._mirrored}
            self._fallback = fallback_class(self._mirrored)(model_id=f"{self._model_id}{FALLBACK_SUFFIX}", **values)

    def _close_fallback(self) -> None:
        fallback, self._fallback = self._fallback, None
        if fallback is not None:
            fallback.close()

    def _mirror(self, change: dict[str, Any]) -> None:
        if self._fallback is not None:
            setattr(self._fallback, change["name"], change["new"])


__all__ = ["FALLBACK_SUFFIX", "JSNULL", "STILL_STYLE", "WIDGET_VIEW", "BaseWidget", "Fallback", "Synced", "SyncedList",
           "as_json", "fallback_class", "mirrored", "still", "synced_dict", "synced_list"]
