// Whether a page shows a served seat's table: the classroom server hears it from the browser, not from the
// kernel's connection (a kernel lives on after its notebook's page is closed). Each view of a seat says it is
// open at once and then every `every` ms, and says it is closed when it goes (the output cleared, the notebook
// closed) or the page does (the tab closed, the browser gone); the kernel forgets a view it has not heard from
// for a while (VIEW_GONE_AFTER in mus_widget.classroom.notebook) in case the last word never came: in
// JupyterLab a notebook closed in its tab loses its kernel connection before its views go, so theirs never does.

/** A view's id: enough to tell the views of one seat apart.
 * @returns {string} */
function viewId() {
  const bytes = new Uint8Array(8);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Tell the kernel behind `model` that this view is open, now and every `every` ms, until the returned
 * function is called (the view goes: it says so). A page hidden from the back-forward cache says closed,
 * and open again when it is shown from there.
 * @param {{ send: (content: object) => void }} model @param {{ every: number }} options
 * @returns {() => void} */
export function presence(model, { every }) {
  const view = viewId();
  const say = (open) => {
    try {
      model.send({ type: "here", view, open });
    } catch {
      // the kernel's connection is gone: nobody to tell, and the kernel forgets this view by itself
    }
  };
  const onHide = () => say(false);
  const onShow = (event) => {
    if (event.persisted) say(true);
  };
  say(true);
  const timer = setInterval(() => say(true), every);
  window.addEventListener("pagehide", onHide);
  window.addEventListener("pageshow", onShow);
  return () => {
    clearInterval(timer);
    window.removeEventListener("pagehide", onHide);
    window.removeEventListener("pageshow", onShow);
    say(false);
  };
}
