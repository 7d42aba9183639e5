// mus-widget bundle sha256:64d09ceee89013022b75d8283502d790eb09fa87257698002e51c82ebcb2ba1f (built from js/ by npm run build)
// js/dom.js
function setProp(el, key, value) {
  if (value === void 0 || value === null || value === false) return;
  if (key === "class") {
    el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
  } else if (key === "on") {
    for (const [type, fn] of Object.entries(value)) el.addEventListener(type, fn);
  } else if (key === "aria" || key === "data") {
    for (const [name, v] of Object.entries(value)) {
      if (v !== void 0 && v !== null && v !== false) el.setAttribute(`${key}-${name}`, String(v));
    }
  } else if (key === "svg") {
    el.innerHTML = value;
  } else if (key === "style") {
    for (const [name, v] of Object.entries(value)) el.style.setProperty(name, String(v));
  } else if (key === "value" || key === "checked" || key === "disabled" || key === "selected") {
    el[key] = value;
  } else if (value === true) {
    el.setAttribute(key, "");
  } else {
    el.setAttribute(key, String(value));
  }
}
function append(el, children) {
  for (const child of children) {
    if (child === null || child === void 0 || child === false || child === "") continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}
function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) setProp(el, key, value);
  append(el, children);
  return el;
}

// js/host.js
function hostTheme(doc = document, media = globalThis.matchMedia) {
  const body = doc.body;
  const html = doc.documentElement;
  const lab = body && body.getAttribute("data-jp-theme-light");
  if (lab === "false") return "dark";
  if (lab === "true") return "light";
  const kind = body && body.getAttribute("data-vscode-theme-kind") || "";
  const classes = body ? body.classList : { contains: () => false };
  if (kind) return /light/.test(kind) && !/contrast(?!-light)/.test(kind) ? "light" : "dark";
  if (classes.contains("vscode-dark") || classes.contains("vscode-high-contrast")) return "dark";
  if (classes.contains("vscode-light")) return "light";
  const colab = html && html.getAttribute("theme");
  if (colab === "dark" || colab === "light") return colab;
  return media && media("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}
function followTheme(el, doc = document) {
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
async function backingModel(model, id) {
  try {
    const manager = model.widget_manager;
    if (!id || !manager || typeof manager.get_model !== "function") return null;
    return await manager.get_model(id) || null;
  } catch {
    return null;
  }
}
function kernelWatch(model, { id, onLost, onBack = () => {
}, patience = 3e3 }) {
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
      return model.widget_manager ? model.widget_manager.kernel : void 0;
    } catch {
      return void 0;
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
    }
  };
}

// js/fallback.js
var FALLBACK_SUFFIX = ".fallback";
function kernelStatus(manager) {
  try {
    const kernel = manager.kernel;
    return kernel && !kernel.isDisposed ? kernel.status : null;
  } catch {
    return null;
  }
}
async function lookUp(manager, id) {
  try {
    if (typeof manager.has_model === "function" && !manager.has_model(id)) return null;
    return await manager.get_model(id) || null;
  } catch {
    return null;
  }
}
function withFallback(model, { id, quiet = 1500, every = 250 } = {}) {
  const manager = model.widget_manager;
  if (!id || !manager || typeof manager.get_model !== "function" || kernelStatus(manager) === null) {
    return { model, stop() {
    } };
  }
  const handlers = [];
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
    const called = /* @__PURE__ */ new Set();
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
        const value = fallback ? fallback.get(name) : void 0;
        return value === void 0 ? model.get(name) : value;
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
      widget_manager: manager
    },
    stop() {
      clearInterval(timer);
      model.off("msg:custom", hear);
      model.off("change", hear);
      for (const [name, callback] of handlers) source().off(name, callback);
      handlers.length = 0;
    }
  };
}

// js/quiz.js
function quizView(state, { answer, another, notice }) {
  const answers = state.answers.map(([key, label]) => {
    const cls = ["mus-quiz-answer"];
    if (state.right === key) cls.push("mus-quiz-right");
    else if (state.chosen === key) cls.push("mus-quiz-wrong");
    return h("button", {
      type: "button",
      class: cls,
      data: { key },
      title: label,
      aria: { pressed: state.chosen === key ? "true" : "false" },
      on: { click: () => answer(key) }
    }, label);
  });
  const verdict = state.verdict ? h(
    "p",
    { class: ["mus-quiz-verdict", state.verdict.right ? "mus-quiz-good" : "mus-quiz-bad"], role: "status" },
    h("b", {}, state.verdict.text),
    " ",
    state.verdict.why
  ) : h("p", { class: "mus-quiz-verdict", role: "status" });
  const picture = h("div", { class: "mus-quiz-picture" });
  picture.innerHTML = state.picture;
  return [
    notice ? h(
      "p",
      { class: "mus-quiz-lost", role: "alert", data: { kernel: notice } },
      notice === "snapshot" ? state.snapshot : state.lost
    ) : null,
    picture,
    h("p", { class: "mus-quiz-question" }, h("b", {}, state.question)),
    h("div", { class: "mus-quiz-answers" }, answers),
    verdict,
    h(
      "button",
      { type: "button", class: "mus-quiz-another", data: { key: "another" }, on: { click: another } },
      `⟳ ${state.another}`
    )
  ].filter(Boolean);
}
function render({ model: born, el }) {
  const { model, stop: stopFallback } = withFallback(born, { id: born.get("_id") });
  const root = h("div", { class: "mus-quiz", "data-lm-suppress-shortcuts": "true", lang: "en" });
  el.appendChild(root);
  const unfollow = followTheme(root);
  let notice = null;
  const watch = kernelWatch(model, {
    id: model.get("_id"),
    onLost: () => {
      notice = "lost";
      draw();
    },
    onBack: () => {
      notice = null;
      draw();
    }
  });
  watch.ready.then(() => {
    if (watch.frozen()) {
      notice = "snapshot";
      draw();
    }
  });
  const send = (content) => {
    if (notice === null && watch.check()) model.send(content);
  };
  function draw() {
    const state = model.get("state");
    if (!state || !state.answers) return;
    root.lang = state.language || "en";
    root.replaceChildren(...quizView(state, {
      answer: (key) => send({ type: "answer", key }),
      another: () => send({ type: "another" }),
      notice
    }));
  }
  model.on("change:state", draw);
  draw();
  return () => {
    model.off("change:state", draw);
    watch.stop();
    unfollow();
    stopFallback();
  };
}
var quiz_default = { render };
export {
  quiz_default as default,
  quizView
};
