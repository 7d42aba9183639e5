// What every widget of the package does when it mounts and unmounts, in one place for the table and the quiz:
// read the model through the kernel's fallback (should anywidget stop delivering to it), make its root in the
// output, follow the host's theme, hide the static picture the kernel displayed before the view, watch the kernel
// (lost, back, or a frozen export), and on unmount undo each of these and every listener it took.

import { frame } from "./dom.js";
import { withFallback } from "./fallback.js";
import { followTheme, kernelWatch } from "./host.js";
import { hideStills } from "./still.js";

/**
 * Mount a widget's root (a div with `className`) in `el`.
 * @param {any} born anywidget's model
 * @param {HTMLElement} el the output element anywidget gives
 * @param {{ className: string, onLost: () => void, onBack: () => void, onFrozen: () => void }} options
 */
export function mount(born, el, { className, onLost, onBack, onFrozen }) {
  const { model, stop: stopFallback } = withFallback(born, { id: born.get("_id") });
  const root = frame("div", { class: className, "data-lm-suppress-shortcuts": "true" });
  el.appendChild(root);
  const unfollow = followTheme(root);
  hideStills(born.get("_id"));
  const watch = kernelWatch(model, { id: model.get("_id"), onLost, onBack });
  watch.ready.then(() => {
    if (watch.frozen()) onFrozen();
  });
  /** @type {[string, (...args: any[]) => void][]} */
  const listening = [];
  return {
    model,
    root,
    watch,
    /** Listen to the model's events (`{ "change:state": draw }`) until unmount. */
    listen(/** @type {Record<string, (...args: any[]) => void>} */ events) {
      for (const [name, fn] of Object.entries(events)) {
        model.on(name, fn);
        listening.push([name, fn]);
      }
    },
    unmount() {
      for (const [name, fn] of listening) model.off(name, fn);
      watch.stop();
      unfollow();
      stopFallback();
    },
  };
}

/**
 * Mount a panel widget (the quiz, the teacher's list): {@link mount}, with the kernel's notice for the view
 * (`notice()`: "lost", "snapshot" or null; `draw` runs again when it changes) and a `send` that sends only while
 * the kernel is there.
 * @param {any} born anywidget's model
 * @param {HTMLElement} el the output element anywidget gives
 * @param {string} className the root's class
 * @param {() => void} draw
 */
export function mountPanel(born, el, className, draw) {
  /** @type {string | null} */
  let notice = null;
  const say = (/** @type {string | null} */ kernel) => {
    notice = kernel;
    draw();
  };
  const mounted = mount(born, el, {
    className, onLost: () => say("lost"), onBack: () => say(null), onFrozen: () => say("snapshot"),
  });
  mounted.root.lang = "en";
  return {
    ...mounted,
    notice: () => notice,
    send(/** @type {any} */ content) {
      if (notice === null && mounted.watch.check()) mounted.model.send(content);
    },
  };
}
