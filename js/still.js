// The static picture Python displays before each widget's view (mus_widget.table.base: an output of its own,
// so that JupyterLab without the kernel, nbconvert and myst-nb show it where the view cannot draw). Once the
// live view draws, the picture goes: a page shows the view or the picture, never both.

/** Hide every picture displayed for the widget `id` (`data-mus-still` holds its model id), now and once more
 * after the next frame (an output the host has not attached yet). Nothing to do without an id or a document
 * (marimo shows no picture). */
export function hideStills(id, doc = globalThis.document) {
  if (!id || !doc || typeof doc.querySelectorAll !== "function") return;
  const hide = () => {
    for (const picture of /** @type {NodeListOf<HTMLElement>} */ (doc.querySelectorAll("[data-mus-still]"))) {
      if (picture.getAttribute("data-mus-still") === id) picture.hidden = true;
    }
  };
  hide();
  (globalThis.requestAnimationFrame || ((f) => setTimeout(f, 16)))(hide);
}
