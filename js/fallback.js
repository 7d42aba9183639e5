// anywidget gives a widget's module 2 s to load from the moment its model is born; past that (a busy page, fifty
// tables at once, JupyterLite starting) it drops every message the kernel sends that model, for good. The view
// still draws from the state the model was born with and its clicks still reach the kernel, but nothing comes
// back. `withFallback` hears that silence and asks the kernel for a fallback (mus_widget.table.base): a plain
// ipywidgets model beside anywidget's that carries the same traits and custom messages.

/** The fallback's model id is the widget's followed by this (as in mus_widget.table.base). */
export const FALLBACK_SUFFIX = ".fallback";

/** The host's kernel status ("idle", "busy", ...), or null where the host has no kernel (an exported page). */
function kernelStatus(manager) {
  try {
    const kernel = manager.kernel;
    return kernel && !kernel.isDisposed ? kernel.status : null;
  } catch {
    return null;
  }
}

/** The model `id` once the host's widget manager holds it, else null. */
async function lookUp(manager, id) {
  try {
    if (typeof manager.has_model === "function" && !manager.has_model(id)) return null;
    return (await manager.get_model(id)) || null;
  } catch {
    return null;
  }
}

/** `model` as the views use it (get, on, off, send, widget_manager), reading the kernel's fallback instead once the
 * model has proved deaf: a ping unanswered while the kernel sat idle for `quiet` ms. Where the host has no
 * kernel or no widget manager (marimo, an exported page) it reads `model` itself. `stop()` on the view's end.
 * @param {any} model
 * @param {{ id?: string, quiet?: number, every?: number }} [options] */
export function withFallback(model, { id, quiet = 1500, every = 250 } = {}) {
  const manager = model.widget_manager;
  if (!id || !manager || typeof manager.get_model !== "function" || kernelStatus(manager) === null) {
    return { model, stop() {} };
  }
  const handlers = []; // [event name, callback] as the views registered them
  let fallback = null;
  let heard = false;
  let asked = false;
  let looking = false;
  let idle = 0;
  const hear = () => {
    heard = true;
  };
  model.on("msg:custom", hear);
  model.on("change", hear);

  function attach(found) {
    fallback = found;
    for (const [name, callback] of handlers) {
      model.off(name, callback);
      fallback.on(name, callback);
    }
    // Draw what the fallback holds: everything the model missed.
    const called = new Set();
    for (const [name, callback] of handlers) {
      if (!name.startsWith("change:") || called.has(callback)) continue;
      called.add(callback);
      callback();
    }
  }

  function tick() {
    if (heard) {
      clearInterval(timer);
      if (asked) model.send({ type: "drop_fallback" });
      return;
    }
    if (!asked) {
      idle = kernelStatus(manager) === "idle" ? idle + every : 0;
      if (idle < quiet) return;
      asked = true;
      model.send({ type: "fallback" });
    }
    if (looking) return;
    looking = true;
    lookUp(manager, `${id}${FALLBACK_SUFFIX}`).then((found) => {
      looking = false;
      if (!found || fallback || heard) return;
      clearInterval(timer);
      attach(found);
    });
  }
  const timer = setInterval(tick, every);
  model.send({ type: "ping", seq: 0 });

  const source = () => fallback || model;
  return {
    model: {
      get(name) {
        const value = fallback ? fallback.get(name) : undefined;
        return value === undefined ? model.get(name) : value;
      },
      on(name, callback) {
        handlers.push([name, callback]);
        source().on(name, callback);
      },
      off(name, callback) {
        const at = handlers.findIndex(([n, c]) => n === name && c === callback);
        if (at >= 0) handlers.splice(at, 1);
        source().off(name, callback);
      },
      send: (...args) => model.send(...args),
      widget_manager: manager,
    },
    stop() {
      clearInterval(timer);
      model.off("msg:custom", hear);
      model.off("change", hear);
      for (const [name, callback] of handlers) source().off(name, callback);
      handlers.length = 0;
    },
  };
}
