// What the page around a widget is like: dark or light, and whether a kernel still answers. Shared by the
// table and the quiz; nothing here knows about Mus.

/** "dark" or "light" from the host's own signal: JupyterLab's theme attribute, VS Code's body classes and
 * theme kind, Colab's theme attribute; without any of them, the system's prefers-color-scheme. */
export function hostTheme(doc = document, media = globalThis.matchMedia) {
  const body = doc.body;
  const html = doc.documentElement;
  const lab = body && body.getAttribute("data-jp-theme-light");
  if (lab === "false") return "dark";
  if (lab === "true") return "light";
  const kind = (body && body.getAttribute("data-vscode-theme-kind")) || "";
  const classes = body ? body.classList : { contains: () => false };
  if (kind) return /light/.test(kind) && !/contrast(?!-light)/.test(kind) ? "light" : "dark";
  if (classes.contains("vscode-dark") || classes.contains("vscode-high-contrast")) return "dark";
  if (classes.contains("vscode-light")) return "light";
  const colab = html && html.getAttribute("theme");
  if (colab === "dark" || colab === "light") return colab;
  return media && media("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

/** Keep `el.dataset.theme` in step with the host; returns the function that stops watching. */
export function followTheme(el, doc = document) {
  const apply = () => {
    el.dataset.theme = hostTheme(doc);
  };
  apply();
  const observer = new MutationObserver(apply);
  for (const node of [doc.body, doc.documentElement]) {
    if (node) observer.observe(node, { attributes: true, attributeFilter: ["class", "theme", "data-jp-theme-light", "data-vscode-theme-kind"] });
  }
  const query = globalThis.matchMedia ? globalThis.matchMedia("(prefers-color-scheme: dark)") : null;
  if (query && query.addEventListener) query.addEventListener("change", apply);
  return () => {
    observer.disconnect();
    if (query && query.removeEventListener) query.removeEventListener("change", apply);
  };
}

/** The widget model behind anywidget's proxy, when the host's widget manager can give it (Jupyter's can;
 * marimo's has none): its `comm_live` says whether a kernel is on the other end. */
async function backingModel(model, id) {
  try {
    const manager = model.widget_manager;
    if (!id || !manager || typeof manager.get_model !== "function") return null;
    return (await manager.get_model(id)) || null;
  } catch {
    return null;
  }
}

/** Watch whether the kernel behind `model` still answers. `check()` runs on each click: it is false at once
 * when the host says there is no kernel (a restart or a shut-down kernel in Jupyter, an exported page), and
 * `onLost` fires when a ping that the kernel has answered before goes unanswered for `patience` ms while the
 * kernel is not busy (a kernel gone where the host gives no signal); a late answer calls `onBack`. */
export function kernelWatch(model, { id, onLost, onBack = () => {}, patience = 3000 }) {
  let backing = null;
  let answered = false;
  let lost = false;
  let pending = null;
  let seq = 0;
  const ready = backingModel(model, id).then((found) => {
    backing = found;
  });
  const kernel = () => {
    try {
      return model.widget_manager ? model.widget_manager.kernel : undefined;
    } catch {
      return undefined;
    }
  };
  const lose = () => {
    if (lost) return;
    lost = true;
    onLost();
  };
  const onMessage = (content) => {
    if (!content || content.type !== "pong") return;
    answered = true;
    if (pending !== null) clearTimeout(pending);
    pending = null;
    if (lost && !frozen()) {
      lost = false;
      onBack();
    }
  };
  // Jupyter's manager marks every model dead when its kernel restarts and drops a shut-down kernel; an
  // exported page's models never had a comm.
  function frozen() {
    if (backing && backing.comm_live === false) return true;
    const k = kernel();
    return Boolean(k && (k.isDisposed || k.status === "dead"));
  }
  model.on("msg:custom", onMessage);
  const ping = () => {
    seq += 1;
    model.send({ type: "ping", seq });
    const k = kernel();
    const busy = k && k.status === "busy";
    if (answered && !busy && pending === null) pending = setTimeout(lose, patience);
  };
  ping();
  return {
    get lost() {
      return lost;
    },
    /** Whether the table may go on: false (and `onLost` called) when the kernel is gone. */
    check() {
      if (lost) return false;
      if (frozen()) {
        lose();
        return false;
      }
      ping();
      return true;
    },
    /** Whether the host says there is no kernel behind the model (an exported page, a restarted kernel). */
    frozen,
    /** Settles once the host's model has been looked up (at once where the host has none). */
    ready,
    stop() {
      if (pending !== null) clearTimeout(pending);
      model.off("msg:custom", onMessage);
    },
  };
}
