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
function svgImage(markup, className) {
  const span = document.createElement("span");
  span.className = className;
  span.setAttribute("aria-hidden", "true");
  span.innerHTML = markup;
  return span;
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

// js/i18n.js
var plurals = /* @__PURE__ */ new Map();
var numbers = /* @__PURE__ */ new Map();
function pluralRules(language) {
  if (!plurals.has(language)) plurals.set(language, new Intl.PluralRules(language));
  return plurals.get(language);
}
function formatNumber(language, value) {
  if (!numbers.has(language)) numbers.set(language, new Intl.NumberFormat(language, { maximumFractionDigits: 3 }));
  return numbers.get(language).format(value);
}
function translate(messages, id, values = {}, language = "en") {
  let key = id;
  if (typeof values.count === "number") {
    const plural = `${id}.${pluralRules(language).select(values.count)}`;
    if (messages[plural] !== void 0) key = plural;
  }
  const text = messages[key];
  if (text === void 0) return id;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === "number" ? formatNumber(language, value) : String(value);
  });
}
function translator(messages, language = "en") {
  return (id, values) => translate(messages || {}, id, values, language || "en");
}
function actionLabel(t, action) {
  if (action.kind === "envido") return t("action.envido", { amount: action.amount });
  if (action.kind === "discard") return t("action.discard", { count: action.cards.length });
  return t(`action.${action.kind}`);
}
function actionGloss(t, action) {
  const id = `gloss.action.${action.kind}`;
  const gloss = t(id);
  return gloss === id ? "" : gloss;
}
function lanceLabel(t, lance) {
  const word = t(`lance.${lance}`);
  const id = `gloss.lance.${lance}`;
  const gloss = t(id);
  return gloss === id ? word : t("ui.glossed", { word, gloss });
}
function cardName(t, card) {
  const number = card.slice(0, -1);
  const suit = card.slice(-1);
  return t("ui.card.name", { number: t(`ui.card.${number}`), suit: t(`ui.suit.${suit}`) });
}

// js/faces.js
var SKIN = "#f6cf9f";
var LINE = "#6b4424";
var DARK = "#2e1f12";
var LIP = "#c2413a";
var TONGUE = "#f07a93";
var EYES = `<circle cx="14.5" cy="18" r="1.9" fill="${DARK}"/><circle cx="25.5" cy="18" r="1.9" fill="${DARK}"/>`;
var BROWS = `<path d="M11.5,13.2 Q14.5,11.8 17.5,13.2 M22.5,13.2 Q25.5,11.8 28.5,13.2" stroke="${DARK}" stroke-width="1.3" fill="none" stroke-linecap="round"/>`;
var CLOSED_LEFT = `<path d="M11.8,18.2 Q14.5,20.6 17.2,18.2" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
var CLOSED_RIGHT = `<path d="M22.8,18.2 Q25.5,20.6 28.2,18.2" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
var NOSE = `<path d="M20,19.5 Q21.6,23.4 19.4,24" stroke="${LINE}" stroke-width="0.9" fill="none" stroke-linecap="round"/>`;
function head(features) {
  return `<svg class="mus-face-art" viewBox="0 0 40 40" xmlns="http://www.w3.org/2000/svg" focusable="false"><circle cx="20" cy="21" r="16" fill="${SKIN}" stroke="${LINE}" stroke-width="1.3"/><path d="M5.2,17 C5,7.5 12,4 20,4 C28,4 35,7.5 34.8,17 C31,11.5 27,9.8 20,10 C13,9.8 9,11.5 5.2,17 Z" fill="#5a3a22"/>` + features + `</svg>`;
}
var MOUTH_STRAIGHT = `<path d="M14,29 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/>`;
var MOUTH_SMILE = `<path d="M14,28 Q20,32.5 26,28" stroke="${DARK}" stroke-width="1.5" fill="none" stroke-linecap="round"/>`;
var LOWER_LIP = `<path d="M14.5,28.4 Q20,33.4 25.5,28.4 Q20,30.4 14.5,28.4 Z" fill="${LIP}"/>`;
var SENA_FACES = {
  nothing: EYES + BROWS + NOSE + MOUTH_STRAIGHT,
  need_mus: CLOSED_LEFT + CLOSED_RIGHT + BROWS + NOSE + MOUTH_STRAIGHT,
  two_reyes: EYES + BROWS + NOSE + LOWER_LIP + `<rect x="17.6" y="27.2" width="4.8" height="2.6" rx="0.6" fill="#fff" stroke="${LINE}" stroke-width="0.5"/>`,
  three_reyes: EYES + BROWS + NOSE + LOWER_LIP + `<rect x="21.4" y="27" width="4.4" height="2.6" rx="0.6" fill="#fff" stroke="${LINE}" stroke-width="0.5"/>`,
  two_ases: EYES + BROWS + NOSE + `<path d="M14,28 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/><path d="M17,28 V31.5 Q20,35.5 23,31.5 V28 Z" fill="${TONGUE}" stroke="${LINE}" stroke-width="0.6"/>`,
  three_ases: EYES + BROWS + NOSE + `<path d="M14,28 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/><path d="M22,28 L24.5,31.8 Q27.6,33.6 28.2,29.6 L26,28 Z" fill="${TONGUE}" stroke="${LINE}" stroke-width="0.6"/>`,
  duples: `<circle cx="14.5" cy="18.4" r="2.4" fill="#fff" stroke="${DARK}" stroke-width="0.8"/><circle cx="25.5" cy="18.4" r="2.4" fill="#fff" stroke="${DARK}" stroke-width="0.8"/><circle cx="14.5" cy="18.4" r="1.2" fill="${DARK}"/><circle cx="25.5" cy="18.4" r="1.2" fill="${DARK}"/><path d="M10.8,11 Q14.5,7.6 18.2,11 M21.8,11 Q25.5,7.6 29.2,11" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>` + NOSE + `<ellipse cx="20" cy="29.2" rx="3.4" ry="2" fill="${DARK}"/>`,
  medias: EYES + BROWS + NOSE + `<path d="M14,30 Q19,29.6 24,27 Q26,25.8 27.5,26.5" stroke="${DARK}" stroke-width="1.5" fill="none" stroke-linecap="round"/><path d="M27.6,23.5 Q30.6,26.5 28.2,30" stroke="${LINE}" stroke-width="1" fill="none" stroke-linecap="round"/>`,
  thirty_one: CLOSED_LEFT + `<circle cx="25.5" cy="18" r="1.9" fill="${DARK}"/><path d="M11.5,14 Q14.5,14.2 17.5,13 M22.5,12.6 Q25.5,11.2 28.5,12.6" stroke="${DARK}" stroke-width="1.3" fill="none" stroke-linecap="round"/>` + NOSE + MOUTH_SMILE,
  three_reyes_and_as: EYES + BROWS + NOSE + `<ellipse cx="20" cy="29" rx="2.6" ry="2.3" fill="${LIP}" stroke="#8e2420" stroke-width="0.6"/><ellipse cx="20" cy="29" rx="0.9" ry="0.8" fill="#8e2420"/><path d="M30.5,26 C30.5,24.4 32.6,24.4 32.6,26 C32.6,24.4 34.7,24.4 34.7,26 C34.7,27.6 32.6,28.8 32.6,29.6 C32.6,28.8 30.5,27.6 30.5,26 Z" fill="#e0445d"/>`
};
var NEUTRAL = EYES + BROWS + NOSE + MOUTH_SMILE;
function faceSvg(senaId) {
  return head(SENA_FACES[senaId] || NEUTRAL);
}
var SENA_IDS = Object.keys(SENA_FACES);
function manoSvg() {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><path d="M7,22 C4.6,20 3.2,16.6 3.4,13.6 L3.6,11.2 C3.7,10 5.5,9.9 5.7,11.2 L6.2,13.6 L6.4,4.6 C6.5,3.2 8.4,3.2 8.5,4.6 L8.8,11 L9.1,2.9 C9.2,1.5 11.2,1.5 11.3,2.9 L11.5,10.8 L12,3.6 C12.1,2.2 14.1,2.2 14.2,3.6 L14.3,11.4 L15.2,5.8 C15.4,4.5 17.3,4.7 17.2,6 L16.8,15 C16.6,18.6 15.6,20.6 14,22 Z" fill="#ff8fc2" stroke="#b0266b" stroke-width="1" stroke-linejoin="round"/></svg>`;
}
function presenceSvg(presence) {
  const art = presence === "away" ? `<rect x="4" y="7" width="16" height="13" rx="3" fill="#cfd8e3" stroke="#334155" stroke-width="1.4"/><path d="M12,7 V3.5" stroke="#334155" stroke-width="1.6"/><circle cx="12" cy="3" r="1.8" fill="#d62828"/><circle cx="8.8" cy="12.6" r="1.9" fill="#334155"/><circle cx="15.2" cy="12.6" r="1.9" fill="#334155"/><path d="M8.5,16.8 H15.5" stroke="#334155" stroke-width="1.5" stroke-linecap="round"/>` : `<circle cx="12" cy="12" r="11" fill="#fde2e1" stroke="#b3261e" stroke-width="1.3"/><path d="M5,15 H9 M15,9 H19 M9,12 L10.5,10.5 M13.5,13.5 L15,12 M10,7 L14,17" stroke="#b3261e" stroke-width="1.8" stroke-linecap="round" fill="none"/>`;
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">${art}</svg>`;
}
function arrowSvg() {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><path d="M2,9 H12 V4 L22,12 L12,20 V15 H2 Z" fill="#3ddc5a" stroke="#0d6b22" stroke-width="1.3" stroke-linejoin="round"/></svg>`;
}
function exclamationSvg() {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><circle cx="12" cy="12" r="11" fill="#d62828" stroke="#7a0f0f" stroke-width="1"/><path d="M10.3,4.5 H13.7 L13,14 H11 Z" fill="#fff"/><circle cx="12" cy="17.6" r="1.9" fill="#fff"/></svg>`;
}
function questionSvg() {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><circle cx="12" cy="12" r="11" fill="#8a5a2b" stroke="#4b2c12" stroke-width="1"/><path d="M8.6,9 C8.6,5 15.4,5 15.4,9 C15.4,11.6 12.2,11.8 12.2,14.4" stroke="#fff" stroke-width="2.3" fill="none" stroke-linecap="round"/><circle cx="12.2" cy="18" r="1.5" fill="#fff"/></svg>`;
}
function crossSvg(colour) {
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><path d="M5,5 L19,19 M19,5 L5,19" stroke="${colour}" stroke-width="4" stroke-linecap="round"/></svg>`;
}
function pageSvg(direction) {
  const d = direction < 0 ? "M15,4 L7,12 L15,20" : "M9,4 L17,12 L9,20";
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false"><path d="${d}" stroke="currentColor" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/></svg>`;
}

// js/views/turn.js
function barText(t, state) {
  const turn = state.turn;
  if (!turn) return "";
  if (turn.kind === "mus") return t("ui.bar.mus", { round: turn.round });
  if (turn.kind === "discard") return t("ui.bar.discard");
  const lance = lanceLabel(t, turn.lance);
  if (turn.ordago_on) return t("ui.bar.ordago", { lance });
  if (turn.stake) return t("ui.bar.stake", { lance, stake: turn.stake });
  return t("ui.bar.open", { lance });
}
function sliderRange(turn) {
  if (!turn || !turn.raise) return null;
  const [low, high] = turn.raise;
  return { low, high, max: turn.ordago ? high + 1 : high };
}
var ORDAGO = { kind: "ordago", text: "ordago" };
function envido(amount) {
  return { kind: "envido", amount, text: `envido ${amount}` };
}
function sliderAction(turn, amount) {
  const range = sliderRange(turn);
  if (!range) return null;
  const value = Math.min(Math.max(Number(amount) || range.low, range.low), range.max);
  return turn.ordago && value > range.high ? ORDAGO : envido(value);
}
function face(t, turn, label, action, glossed) {
  const gloss = glossed ? raiseGloss(t, turn, action) : "";
  return [h("span", { class: "mus-word" }, label), gloss ? h("span", { class: "mus-gloss" }, gloss) : null];
}
function actionButton(ctx, action, extra = {}) {
  const { t } = ctx;
  const turn = ctx.state.turn || {};
  const label = extra.label || raiseLabel(t, turn, action);
  return h(
    "button",
    {
      class: ["mus-action", extra.primary && "mus-primary", `mus-action-${action.kind}`],
      type: "button",
      disabled: ctx.waiting,
      data: { key: extra.key || `act-${action.text}`, action: action.text },
      aria: { label: extra.aria || label },
      on: { click: () => ctx.act(action.text) }
    },
    face(t, turn, label, action, !extra.label)
  );
}
function raiseLabel(t, turn, action) {
  return action.kind === "envido" && turn.stake ? t("action.raise", { amount: action.amount }) : actionLabel(t, action);
}
function raiseGloss(t, turn, action) {
  return action.kind === "envido" && turn.stake ? t("gloss.action.raise", { amount: action.amount }) : actionGloss(t, action);
}
function raiseControls(ctx, turn) {
  const { t, ui } = ctx;
  const range = sliderRange(turn);
  if (!range) {
    return { button: turn.ordago ? actionButton(ctx, ORDAGO) : null, slider: null };
  }
  const action = sliderAction(turn, ui.amount);
  const faceOf = (next) => [
    h("span", { class: "mus-word" }, raiseLabel(t, turn, next)),
    h("span", { class: "mus-gloss" }, raiseGloss(t, turn, next))
  ];
  const raise = h(
    "button",
    {
      class: `mus-action mus-raise-button mus-action-${action.kind}`,
      type: "button",
      disabled: ctx.waiting,
      data: { key: "act-raise", action: action.text },
      aria: { label: raiseLabel(t, turn, action) },
      on: { click: (event) => ctx.act(event.currentTarget.dataset.action) }
    },
    faceOf(action)
  );
  const follow = (input) => {
    ui.amount = Number(input.value);
    const next = sliderAction(turn, ui.amount);
    const label = raiseLabel(t, turn, next);
    raise.replaceChildren(...faceOf(next));
    raise.setAttribute("aria-label", label);
    raise.dataset.action = next.text;
    raise.className = `mus-action mus-raise-button mus-action-${next.kind}`;
    input.setAttribute("aria-valuetext", label);
  };
  const slider = h("input", {
    class: "mus-slider",
    type: "range",
    min: String(range.low),
    max: String(range.max),
    step: "1",
    value: String(Math.min(Math.max(ui.amount ?? range.low, range.low), range.max)),
    data: { key: "slider" },
    aria: { label: t("ui.slider"), valuetext: raiseLabel(t, turn, action) },
    on: {
      input: (event) => follow(event.target),
      // JupyterLab's notebook takes presses and drags that reach it: the slider keeps its own.
      pointerdown: (event) => event.stopPropagation(),
      mousedown: (event) => event.stopPropagation(),
      keydown: (event) => {
        if (/^(Arrow|Page|Home|End)/.test(event.key)) event.stopPropagation();
      }
    }
  });
  const ends = h(
    "div",
    { class: "mus-slider-ends", aria: { hidden: "true" } },
    h("span", {}, raiseLabel(t, turn, envido(range.low))),
    h(
      "span",
      { class: turn.ordago ? "mus-slider-ordago" : null },
      turn.ordago ? actionLabel(t, ORDAGO) : raiseLabel(t, turn, envido(range.high))
    )
  );
  return { button: raise, slider: h("div", { class: "mus-slider-box" }, slider, ends) };
}
function buttons(ctx, turn) {
  const { state, t, ui } = ctx;
  if (turn.kind === "mus") {
    return { row: turn.choices.map((a) => actionButton(ctx, a, { primary: a.kind === "no-mus" })), slider: null };
  }
  if (turn.kind === "discard") {
    const chosen = [...ui.selected];
    const action = { kind: "discard", cards: chosen, text: `discard ${chosen.join(" ")}` };
    const label = t("action.discard", { count: chosen.length });
    const button = actionButton(ctx, action, { key: "act-discard", label, primary: true });
    if (!chosen.length) button.disabled = true;
    return { row: [button], slider: null };
  }
  const out = [];
  const proposed = turn.proposed;
  if (proposed) {
    const name = state.players[turn.proposer].name;
    const said = raiseLabel(t, turn, proposed);
    out.push(actionButton(ctx, proposed, {
      key: "act-agree",
      label: t("ui.agree"),
      aria: t("ui.agree.label", { name, action: said }),
      primary: true
    }));
  }
  for (const action of turn.choices) {
    if (!proposed || action.text !== proposed.text) out.push(actionButton(ctx, action));
  }
  const raise = raiseControls(ctx, proposed && proposed.kind === "ordago" ? { ...turn, ordago: false } : turn);
  if (raise.button) out.push(raise.button);
  return { row: out, slider: raise.slider };
}
function turnView(ctx) {
  const { state, t } = ctx;
  const turn = state.turn;
  if (!turn) return null;
  const proposal = turn.proposed ? h("div", { class: "mus-proposal" }, t("ui.bar.proposal", {
    name: state.players[turn.proposer].name,
    action: raiseLabel(t, turn, turn.proposed)
  })) : null;
  const { row, slider } = buttons(ctx, turn);
  return h(
    "div",
    { class: "mus-turn", role: "group", aria: { label: t("ui.your_turn") } },
    h("div", { class: "mus-bar" }, barText(t, state)),
    h(
      "div",
      { class: "mus-turn-row" },
      h(
        "span",
        { class: "mus-exclaim", role: "img", aria: { label: t("ui.your_turn") } },
        svgImage(exclamationSvg(), "mus-marker")
      ),
      h("div", { class: "mus-actions", role: "group", aria: { label: t("ui.actions") } }, row)
    ),
    slider,
    proposal
  );
}

// js/views/newgame.js
var FLAGS = ["real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand"];
function newForm(setup, prefs) {
  return {
    seat: setup.seat,
    names: [...setup.names],
    bots: setup.bots.map((level) => level || "novice"),
    rules: { ...setup.rules },
    tips: prefs.tips,
    coach: Boolean(setup.coach),
    language: prefs.language,
    pace: prefs.pace,
    seed: ""
  };
}
function newGameMessage(form) {
  const seed = String(form.seed).trim();
  return {
    type: "new_game",
    seat: form.seat,
    names: form.names,
    bots: form.bots.map((level, seat) => seat === form.seat ? null : level),
    rules: form.rules,
    tips: form.tips,
    coach: form.coach,
    language: form.language,
    pace: form.pace,
    seed: seed === "" ? null : /^\d+$/.test(seed) ? Number(seed) : seed
  };
}
function field(label, control, wide) {
  return h("label", { class: ["mus-field", wide && "mus-field-wide"] }, h("span", {}, label), control);
}
function select(key, value, options, onChange) {
  return h(
    "select",
    { data: { key }, on: { change: (event) => onChange(event.target.value) } },
    options.map(([v, label]) => h("option", { value: String(v), selected: String(v) === String(value) }, label))
  );
}
function newGameView(ctx) {
  const { t, ui, setup } = ctx;
  const form = ui.form;
  const seatName = (s) => t(`seat.${s}`);
  const players = [0, 1, 2, 3].map((s) => h(
    "div",
    { class: "mus-form-player" },
    field(t("ui.name_at", { seat: seatName(s) }), h("input", {
      type: "text",
      value: form.names[s],
      maxlength: "24",
      data: { key: `name-${s}` },
      on: { input: (event) => {
        form.names[s] = event.target.value;
      } }
    })),
    s === form.seat ? h("span", { class: "mus-form-you" }, t("ui.form.you")) : field(t("ui.level_at", { seat: seatName(s) }), select(
      `level-${s}`,
      form.bots[s],
      setup.levels.map((level) => [level, t(`ui.level.${level}`)]),
      (v) => {
        form.bots[s] = v;
      }
    ))
  ));
  const flags = FLAGS.map((flag) => h(
    "label",
    { class: "mus-check" },
    h("input", {
      type: "checkbox",
      checked: Boolean(form.rules[flag]),
      data: { key: `rule-${flag}` },
      on: { change: (event) => {
        form.rules[flag] = event.target.checked;
      } }
    }),
    t(`ui.option.${flag}`)
  ));
  return h(
    "div",
    { class: "mus-dialog-host" },
    h(
      "div",
      { class: "mus-dialog", role: "dialog", aria: { label: t("ui.new_game.title") } },
      h("h3", {}, t("ui.new_game.title")),
      h(
        "fieldset",
        {},
        h("legend", {}, t("ui.players")),
        field(t("ui.option.seat"), select("seat", form.seat, [0, 1, 2, 3].map((s) => [s, seatName(s)]), (v) => {
          form.seat = Number(v);
          ctx.redraw();
        })),
        players
      ),
      h(
        "fieldset",
        {},
        h("legend", {}, t("ui.rules")),
        field(t("ui.option.target"), select(
          "target",
          form.rules.target,
          setup.targets.map((n) => [n, String(n)]),
          (v) => {
            form.rules.target = Number(v);
          }
        )),
        field(t("ui.option.kings"), select(
          "kings",
          form.rules.kings,
          [[8, t("ui.option.kings.8")], [4, t("ui.option.kings.4")]],
          (v) => {
            form.rules.kings = Number(v);
          }
        )),
        field(t("ui.option.games"), select(
          "games",
          form.rules.games,
          [[1, t("ui.option.games.1")], [3, t("ui.option.games.3")]],
          (v) => {
            form.rules.games = Number(v);
          }
        )),
        flags
      ),
      h(
        "fieldset",
        {},
        h("legend", {}, t("ui.table_options")),
        h(
          "label",
          { class: "mus-check" },
          h("input", {
            type: "checkbox",
            checked: form.tips,
            data: { key: "form-tips" },
            on: { change: (event) => {
              form.tips = event.target.checked;
            } }
          }),
          t("ui.option.tips")
        ),
        h(
          "label",
          { class: "mus-check" },
          h("input", {
            type: "checkbox",
            checked: form.coach,
            data: { key: "form-coach" },
            on: { change: (event) => {
              form.coach = event.target.checked;
            } }
          }),
          t("ui.option.coach")
        ),
        field(t("ui.option.language"), select("language", form.language, setup.languages, (v) => {
          form.language = v;
          ctx.setLanguage(v);
        })),
        field(t("ui.option.pace"), select(
          "pace",
          form.pace,
          setup.paces.map(([name, seconds]) => [seconds, t(`ui.pace.${name}`)]),
          (v) => {
            form.pace = Number(v);
          }
        )),
        field(t("ui.option.seed"), h("input", {
          type: "text",
          inputmode: "numeric",
          value: form.seed,
          data: { key: "seed" },
          on: { input: (event) => {
            form.seed = event.target.value;
          } }
        }), true)
      ),
      h(
        "div",
        { class: "mus-dialog-buttons" },
        h("button", {
          class: "mus-action",
          type: "button",
          data: { key: "cancel" },
          on: { click: () => ctx.closeNewGame() }
        }, t("ui.cancel")),
        h("button", {
          class: "mus-action mus-primary",
          type: "button",
          data: { key: "start" },
          on: { click: () => ctx.startGame() }
        }, t("ui.start"))
      )
    )
  );
}

// js/views/chat.js
function roomBar(ctx) {
  const { room, t } = ctx;
  if (!room || !room.table) return null;
  const watching = ctx.setup && ctx.setup.watching;
  const name = watching ? t("ui.room.watching", { table: room.table }) : t("ui.room.table", { table: room.table });
  const lost = room.link === "lost";
  return h(
    "div",
    { class: ["mus-room-bar", lost && "mus-room-lost"], data: { link: room.link }, title: lost ? t("ui.room.lost") : name },
    lost ? h("span", { class: "mus-room-link", role: "status" }, t("ui.room.lost")) : h("strong", { class: "mus-room-table" }, name)
  );
}
function lineView(line) {
  if (line.kind === "event") return h("li", { class: "mus-chat-event" }, line.text);
  return h(
    "li",
    { class: ["mus-chat-line", line.mine && "mus-chat-mine"], data: { seat: line.seat } },
    h("strong", { class: "mus-chat-name" }, line.name),
    ": ",
    h("span", { class: "mus-chat-text" }, line.text)
  );
}
function chatView(ctx) {
  const { room, t, ui } = ctx;
  if (!room || !room.table) return null;
  const lines = room.chat || [];
  const max = room.max_chat || 0;
  let form = null;
  if (max > 0) {
    const counter = h(
      "span",
      { class: "mus-chat-count", aria: { live: "off" } },
      t("ui.room.chat.count", { n: ui.chatDraft.length, max })
    );
    const input = h("input", {
      class: "mus-chat-input",
      type: "text",
      maxlength: String(max),
      value: ui.chatDraft,
      placeholder: t("ui.room.chat.placeholder"),
      title: t("ui.room.chat.limit", { max }),
      data: { key: "chat-input" },
      aria: { label: t("ui.room.chat.placeholder"), description: t("ui.room.chat.limit", { max }) },
      on: {
        input: (event) => {
          ui.chatDraft = event.target.value;
          counter.textContent = t("ui.room.chat.count", { n: ui.chatDraft.length, max });
        },
        keydown: (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            ctx.say();
          }
          event.stopPropagation();
        }
      }
    });
    form = h(
      "div",
      { class: "mus-chat-form" },
      input,
      h("button", {
        class: "mus-action mus-chat-send",
        type: "button",
        data: { key: "chat-send" },
        on: { click: () => ctx.say() }
      }, t("ui.room.chat.send")),
      counter
    );
  }
  return h(
    "section",
    { class: "mus-chat", aria: { label: t("ui.room.chat") } },
    h("h3", { class: "mus-log-title" }, t("ui.room.chat")),
    lines.length ? h("ol", { class: "mus-chat-lines", tabindex: "0", data: { key: "chat" } }, lines.map(lineView)) : h("p", { class: "mus-muted mus-chat-none" }, t("ui.room.chat.none")),
    form
  );
}

// js/views/coach.js
function coachView(ctx) {
  const { state, t } = ctx;
  const coach = state.coach;
  if (!coach) return null;
  return h(
    "aside",
    { class: "mus-coach", aria: { label: t("ui.coach.title") }, data: { action: coach.action } },
    h("h3", { class: "mus-coach-title" }, t("ui.coach.title")),
    h("p", { class: "mus-coach-action" }, t("ui.coach.would", { action: coach.said })),
    h("p", { class: "mus-coach-why" }, coach.why),
    coach.chance ? h("p", { class: "mus-coach-chance" }, coach.chance) : null
  );
}

// js/views/count.js
function countView(ctx) {
  const { state, t } = ctx;
  const count = state.count;
  if (!count) return null;
  const over = state.stage === "over";
  const rows = [];
  for (const [i, row] of count.rows.entries()) {
    const ordago = row.outcome === "ordago";
    rows.push(h(
      "tr",
      {
        class: ["mus-count-row", !row.counted && "mus-not-counted", row.team !== null && `mus-team-${row.team}`],
        data: { lance: row.lance }
      },
      h("th", { scope: "row" }, t(`lance.${row.lance}`), h("span", { class: "mus-gloss" }, t(`gloss.lance.${row.lance}`))),
      h(
        "td",
        { class: "mus-num" },
        ordago ? t("action.ordago") : String(row.stake),
        row.bonus ? h("span", { class: "mus-stake-bonus" }, ` +${row.bonus}`) : null
      ),
      h("td", { class: "mus-num mus-col-bonus" }, row.bonus ? String(row.bonus) : "–"),
      h("td", {}, row.winner || t("ui.count.nobody")),
      h("td", { class: "mus-num" }, ordago ? "–" : row.counted ? `+${row.points}` : t("ui.count.not_counted"))
    ));
    rows.push(h(
      "tr",
      { class: "mus-count-why", data: { row: i } },
      h("td", { colspan: "5" }, row.explain || row.why)
    ));
  }
  const table = count.rows.length ? h(
    "table",
    { class: "mus-count-table" },
    h("caption", {}, t("ui.count.title")),
    h("thead", {}, h(
      "tr",
      {},
      ["ui.count.lance", "ui.count.stake", "ui.count.bonus", "ui.count.winner", "ui.count.points"].map((id) => h("th", { scope: "col", class: [id === "ui.count.bonus" && "mus-col-bonus"] }, t(id)))
    )),
    h("tbody", {}, rows)
  ) : h("p", { class: "mus-count-empty" }, t("ui.count.no_rows"));
  const notes = (count.notes || []).map((text) => h("p", { class: "mus-count-note" }, text));
  const footer = [
    notes,
    count.over && !(over && state.games === 1) ? h("p", { class: "mus-count-over" }, count.over) : null
  ];
  return h(
    "div",
    { class: "mus-count", role: "region", tabindex: "0", aria: { label: t("ui.count.title") } },
    table,
    footer
  );
}
function countFooter(ctx) {
  const { state, t } = ctx;
  const count = state.count;
  const over = state.stage === "over";
  const scores = count ? count.scores : state.scores;
  const text = t("ui.count.score", { team_a: state.teams[0], team_b: state.teams[1], a: scores[0], b: scores[1] });
  return h(
    "div",
    { class: "mus-count-foot" },
    over && state.winner ? h("p", { class: "mus-winner" }, state.winner.text) : h("p", { class: "mus-count-score" }, text),
    over && state.winner && count ? h("p", { class: "mus-count-score" }, text) : null,
    state.steps ? null : over ? h("button", {
      class: "mus-action mus-primary",
      type: "button",
      data: { key: "play-again" },
      on: { click: () => ctx.openNewGame() }
    }, t("ui.play_again")) : h("button", {
      class: "mus-action mus-primary",
      type: "button",
      data: { key: "next-hand" },
      disabled: ctx.waiting,
      on: { click: () => ctx.nextHand() }
    }, t("ui.next_hand"))
  );
}

// js/views/log.js
function logView(ctx) {
  const { state, t } = ctx;
  return h(
    "section",
    { class: "mus-log", aria: { label: t("ui.log") } },
    h("h3", { class: "mus-log-title" }, t("ui.log")),
    h(
      "ol",
      { class: "mus-log-lines", tabindex: "0", data: { key: "log" }, aria: { label: t("ui.log") } },
      state.log.map((line) => h("li", {}, line))
    )
  );
}

// js/cards.js
var NUMBERS = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];
var INK = { o: "#a26a00", c: "#b3261e", e: "#1f5a99", b: "#2f7432" };
var GOLD = "#f0b93a";
var GOLD_DARK = "#96610a";
var SKIN2 = "#f4d3b0";
var SKIN_LINE = "#8c5a36";
function oro() {
  let rays = "";
  for (let i = 0; i < 12; i += 1) {
    const a = i * Math.PI / 6;
    const x = (7.9 * Math.cos(a)).toFixed(2);
    const y = (7.9 * Math.sin(a)).toFixed(2);
    rays += `<circle cx="${x}" cy="${y}" r="0.75" fill="${GOLD_DARK}"/>`;
  }
  return `<circle r="9.6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.3"/><circle r="6.6" fill="#f7d277" stroke="${GOLD_DARK}" stroke-width="0.8"/>` + rays + `<path d="M0,-4.2 L1.3,-1.3 L4.2,0 L1.3,1.3 L0,4.2 L-1.3,1.3 L-4.2,0 L-1.3,-1.3 Z" fill="#d2501f"/><circle r="1.3" fill="${GOLD}"/>`;
}
function copa() {
  return `<path d="M-8,-7.6 H8 C8,-0.5 4.6,2.2 1.7,3 V5.6 C3.6,6.1 5.4,7.3 6,9.6 H-6 C-5.4,7.3 -3.6,6.1 -1.7,5.6 V3 C-4.6,2.2 -8,-0.5 -8,-7.6 Z" fill="#cf3a2b" stroke="#6e1710" stroke-width="1"/><rect x="-8.9" y="-9.9" width="17.8" height="2.6" rx="1.1" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.7"/><path d="M-7.2,-3.4 H7.2" stroke="${GOLD}" stroke-width="1.4"/><circle cy="-3.4" r="1.3" fill="#2d7fc1" stroke="${GOLD_DARK}" stroke-width="0.5"/><rect x="-6.3" y="8.6" width="12.6" height="1.6" rx="0.6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/>`;
}
function espada() {
  return `<path d="M0,-11 L2.1,-7.6 V3.6 H-2.1 V-7.6 Z" fill="#dbe4ee" stroke="#1f4f86" stroke-width="0.9"/><path d="M0,-8.4 V3" stroke="#7d9cc0" stroke-width="0.6"/><path d="M-7,3.4 C-3,5.6 3,5.6 7,3.4 L7.2,5.4 C3,7.6 -3,7.6 -7.2,5.4 Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.7"/><rect x="-1.2" y="6.4" width="2.4" height="3.4" fill="#1f5a99"/><circle cy="10.6" r="1.5" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.6"/>`;
}
function basto() {
  return `<path d="M-1.9,10.4 C-2.8,4.2 -4.9,-1.8 -4.5,-7 C-4.1,-11.2 4.3,-11.2 4.8,-7 C5.2,-1.8 3,4.2 2,10.4 Z" fill="#9a6a38" stroke="#4b2c12" stroke-width="1"/><path d="M-2.6,-8.4 C-1.6,-9.6 1.4,-9.6 2.6,-8.4" stroke="#c79a62" stroke-width="0.9" fill="none"/><ellipse cx="-3.1" cy="-3.2" rx="1.5" ry="1.1" fill="#5b3716"/><ellipse cx="3.3" cy="-5.2" rx="1.3" ry="1" fill="#5b3716"/><ellipse cx="-2.1" cy="3.4" rx="1" ry="0.8" fill="#5b3716"/><ellipse cx="2.4" cy="1" rx="1" ry="0.8" fill="#5b3716"/><path d="M3.6,-9.2 C6.2,-11.6 8.2,-10.4 8.6,-8.6 C6.6,-8.2 5,-8.2 3.6,-9.2 Z" fill="#4e9a3c" stroke="#2b5f1f" stroke-width="0.5"/>`;
}
var SYMBOL = { o: oro, c: copa, e: espada, b: basto };
function pip(suit, x, y, scale = 1, rotate = 0) {
  const turn = rotate ? ` rotate(${rotate})` : "";
  return `<g transform="translate(${x} ${y}) scale(${scale})${turn}">${SYMBOL[suit]()}</g>`;
}
var LAYOUT = {
  1: [[32, 50]],
  2: [[32, 28], [32, 72]],
  3: [[32, 25], [32, 50], [32, 75]],
  4: [[21, 29], [43, 29], [21, 71], [43, 71]],
  5: [[21, 27], [43, 27], [32, 50], [21, 73], [43, 73]],
  6: [[21, 26], [43, 26], [21, 50], [43, 50], [21, 74], [43, 74]],
  7: [[20, 24], [44, 24], [32, 38], [20, 55], [44, 55], [20, 77], [44, 77]]
};
var PIP_SCALE = { 1: 1.9, 2: 1.05, 3: 0.95, 4: 0.92, 5: 0.88, 6: 0.82, 7: 0.74 };
function crown(y) {
  return `<path d="M24.5,${y} L25.6,${y - 6} L28.6,${y - 2.6} L32,${y - 7.4} L35.4,${y - 2.6} L38.4,${y - 6} L39.5,${y} Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.8"/><circle cx="32" cy="${y - 7.6}" r="0.9" fill="#cf3a2b"/>`;
}
function face2(cx, cy, r, beard) {
  const b = beard ? `<path d="M${cx - r * 0.85},${cy + r * 0.2} C${cx - r * 0.7},${cy + r * 1.9} ${cx + r * 0.7},${cy + r * 1.9} ${cx + r * 0.85},${cy + r * 0.2} C${cx + r * 0.4},${cy + r * 0.9} ${cx - r * 0.4},${cy + r * 0.9} ${cx - r * 0.85},${cy + r * 0.2} Z" fill="#6d4a2a"/>` : "";
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${SKIN2}" stroke="${SKIN_LINE}" stroke-width="0.7"/><circle cx="${cx - r * 0.35}" cy="${cy - r * 0.1}" r="0.55" fill="#3a2614"/><circle cx="${cx + r * 0.35}" cy="${cy - r * 0.1}" r="0.55" fill="#3a2614"/>` + b;
}
var ROBE = {
  o: ["#2d6fb5", GOLD],
  c: ["#cf3a2b", GOLD],
  e: ["#2f7a3a", "#e9d27a"],
  b: ["#7a3f9a", GOLD]
};
function rey(suit) {
  const [main, trim] = ROBE[suit];
  return `<path d="M19,86 C19,60 22,44 32,40 C42,44 45,60 45,86 Z" fill="${main}" stroke="#222" stroke-width="0.8"/><path d="M32,41 V86" stroke="${trim}" stroke-width="2.2"/><path d="M19.5,83 H44.5" stroke="${trim}" stroke-width="2.4"/><path d="M23,44 C27,48 37,48 41,44 L40,49 C36,52 28,52 24,49 Z" fill="#f3efe3" stroke="#555" stroke-width="0.5"/>` + face2(32, 33, 6.8, true) + crown(27) + pip(suit, 44, 58, 0.62);
}
function sota(suit) {
  const [main, trim] = ROBE[suit];
  return `<path d="M27,72 L26,88 H30.5 L31.5,72 Z M37,72 L38,88 H33.5 L32.5,72 Z" fill="#e9d27a" stroke="#555" stroke-width="0.6"/><path d="M21,74 C21,58 24,46 32,43 C40,46 43,58 43,74 Z" fill="${main}" stroke="#222" stroke-width="0.8"/><path d="M21.5,70 H42.5" stroke="${trim}" stroke-width="2"/><path d="M25,46 C29,49 35,49 39,46" stroke="#f3efe3" stroke-width="2" fill="none"/>` + face2(32, 35, 6.6, false) + `<path d="M24.6,32 C25,24 39,24 39.4,32 C36,30 28,30 24.6,32 Z" fill="${trim}" stroke="#444" stroke-width="0.6"/><path d="M38,27 C41,24 44,24 45,26" stroke="#cf3a2b" stroke-width="1.2" fill="none"/>` + pip(suit, 43.5, 58, 0.6);
}
function caballo(suit) {
  const [main, trim] = ROBE[suit];
  return (
    // the horse
    `<path d="M15,64 C15,55 22,52 33,53 C40,53.5 44,52 46,48 L47,40 C48,36 53,35 55,39 L56,46 C56,49 54,50 52,49 L50,51 C49,58 46,63 44,66 L45,82 H41.5 L40,68 C35,69 27,69 23,68 L22,82 H18.5 L18.5,69 C16,68 15,66 15,64 Z" fill="#f3ecdf" stroke="#3b2b1c" stroke-width="0.9"/><path d="M46,41 C44,44 44,47 45,49" stroke="#6d4a2a" stroke-width="1.6" fill="none"/><circle cx="51.5" cy="41.5" r="0.7" fill="#222"/><path d="M15.5,62 C12,64 11,70 12.5,74" stroke="#6d4a2a" stroke-width="1.8" fill="none"/><path d="M24,55 H40 V63 H24 Z" fill="${trim}" stroke="#555" stroke-width="0.5"/><path d="M25,57 C25,45 28,38 33,36 C38,38 40,45 40,57 Z" fill="${main}" stroke="#222" stroke-width="0.8"/><path d="M30,57 L29,68 H32.5 L33,57 Z" fill="${main}" stroke="#222" stroke-width="0.6"/>` + face2(33, 29.5, 5.6, false) + `<path d="M27,27 C27.5,21 38.5,21 39,27 Z" fill="${trim}" stroke="#444" stroke-width="0.6"/>` + pip(suit, 20, 44, 0.55)
  );
}
var FIGURE = { 10: sota, 11: caballo, 12: rey };
function frame(suit) {
  const breaks = { o: 0, c: 1, e: 2, b: 3 }[suit];
  let gaps = "";
  for (let i = 0; i < breaks; i += 1) {
    const x = 32 + (i - (breaks - 1) / 2) * 7 - 2;
    gaps += `<rect x="${x}" y="3" width="4" height="3" fill="#fffdf5"/>`;
    gaps += `<rect x="${x}" y="94" width="4" height="3" fill="#fffdf5"/>`;
  }
  return `<rect x="4.5" y="4.5" width="55" height="91" rx="2.5" fill="none" stroke="${INK[suit]}" stroke-width="1.1"/>${gaps}`;
}
function corner(number, suit) {
  const ink = INK[suit];
  const text = String(number);
  const size = text.length > 1 ? 15 : 17;
  return `<g font-family="Georgia, 'Times New Roman', serif" font-weight="700" font-size="${size}" fill="${ink}" text-anchor="middle"><text x="12" y="20">${text}</text><text x="12" y="20" transform="rotate(180 32 50)">${text}</text></g>`;
}
var CACHE = /* @__PURE__ */ new Map();
function cardSvg(card) {
  const cached = CACHE.get(card);
  if (cached) return cached;
  const number = Number(card.slice(0, -1));
  const suit = card.slice(-1);
  if (!SYMBOL[suit] || !NUMBERS.includes(number)) return backSvg();
  let art;
  if (FIGURE[number]) {
    art = `<rect x="9" y="21.5" width="46" height="59" rx="2" fill="#fbf3dc" stroke="${INK[suit]}" stroke-width="0.5"/>`;
    art += `<g transform="translate(32 22) scale(0.84) translate(-32 -22)">${FIGURE[number](suit)}</g>`;
  } else {
    art = LAYOUT[number].map(([x, y], i) => {
      const tilt = suit === "e" || suit === "b" ? number === 1 ? -12 : i % 2 ? 9 : -9 : 0;
      return pip(suit, x, y, PIP_SCALE[number], tilt);
    }).join("");
  }
  const markup = `<svg class="mus-card-art" viewBox="0 0 64 100" xmlns="http://www.w3.org/2000/svg" focusable="false"><rect x="0.7" y="0.7" width="62.6" height="98.6" rx="5.5" fill="#fffdf5" stroke="#8f8570" stroke-width="1.4"/>` + frame(suit) + corner(number, suit) + art + `</svg>`;
  CACHE.set(card, markup);
  return markup;
}
function lattice() {
  const [x0, x1, y0, y1] = [8, 56, 8, 92];
  let d = "";
  for (let c = x0 + y0 - 84; c <= x1 + y1; c += 7) {
    const a = [Math.max(x0, c - y1), 0];
    a[1] = c - a[0];
    const b = [Math.min(x1, c - y0), 0];
    b[1] = c - b[0];
    if (a[0] < b[0]) d += `M${a[0]},${a[1]}L${b[0]},${b[1]}`;
    const k = c - 100;
    const p = [Math.max(x0, y0 + k), 0];
    p[1] = p[0] - k;
    const q = [Math.min(x1, y1 + k), 0];
    q[1] = q[0] - k;
    if (p[0] < q[0]) d += `M${p[0]},${p[1]}L${q[0]},${q[1]}`;
  }
  return `<path d="${d}" stroke="#b6404f" stroke-width="1" fill="none"/>`;
}
var BACK = "";
function backSvg() {
  if (BACK) return BACK;
  BACK = `<svg class="mus-card-art" viewBox="0 0 64 100" xmlns="http://www.w3.org/2000/svg" focusable="false"><rect x="0.7" y="0.7" width="62.6" height="98.6" rx="5.5" fill="#fffdf5" stroke="#8f8570" stroke-width="1.4"/><rect x="5" y="5" width="54" height="90" rx="3" fill="#8e1f2f"/>` + lattice() + `<rect x="8" y="8" width="48" height="84" rx="2" fill="none" stroke="${GOLD}" stroke-width="1.2"/><ellipse cx="32" cy="50" rx="13" ry="17" fill="#8e1f2f" stroke="${GOLD}" stroke-width="1.6"/><ellipse cx="32" cy="50" rx="9" ry="12.5" fill="none" stroke="${GOLD}" stroke-width="0.8"/>` + pip("o", 32, 50, 0.62) + `</svg>`;
  return BACK;
}

// js/views/info.js
function humanPopover(ctx, seat) {
  const { state, t } = ctx;
  const player = state.players[seat];
  return h(
    "div",
    {
      class: "mus-popover mus-info mus-info-human",
      role: "dialog",
      aria: { label: t("ui.info.of", { name: player.name }) },
      data: { presence: player.presence }
    },
    h(
      "div",
      { class: "mus-popover-head" },
      h("strong", {}, player.name),
      h("button", {
        class: "mus-close",
        type: "button",
        data: { key: `info-close-${seat}` },
        aria: { label: t("ui.close") },
        on: { click: () => ctx.toggleInfo(seat) }
      }, "×")
    ),
    h("p", { class: "mus-info-kind" }, t("ui.room.info.human")),
    h("p", {}, t("ui.info.seat", { seat: t(`seat.${seat}`) })),
    h("p", { class: "mus-info-presence" }, t(`ui.room.info.${player.presence}`))
  );
}
function infoPopover(ctx, seat) {
  const { state, t } = ctx;
  const player = state.players[seat];
  if (!player.level) return humanPopover(ctx, seat);
  const [games, won] = player.record;
  const why = player.why || [];
  return h(
    "div",
    { class: "mus-popover mus-info", role: "dialog", aria: { label: t("ui.info.of", { name: player.name }) } },
    h(
      "div",
      { class: "mus-popover-head" },
      h("strong", {}, player.name),
      h("button", {
        class: "mus-close",
        type: "button",
        data: { key: `info-close-${seat}` },
        aria: { label: t("ui.close") },
        on: { click: () => ctx.toggleInfo(seat) }
      }, "×")
    ),
    h("p", {}, t("ui.info.level", { level: t(`ui.level.${player.level}`) })),
    h("p", {}, t("ui.info.seat", { seat: t(`seat.${seat}`) })),
    h("p", {}, t("ui.info.record", { games, won })),
    h("p", { class: "mus-info-why-title" }, t("ui.info.why")),
    why.length ? h("ul", { class: "mus-info-why" }, why.map((line) => h("li", {}, line))) : h("p", { class: "mus-muted" }, t("ui.info.why.none"))
  );
}

// js/views/seat.js
function handView(ctx, seat) {
  const { state, t, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat;
  const discarding = mine && state.turn && state.turn.kind === "discard";
  if (!player.cards) {
    return h(
      "div",
      { class: "mus-hand mus-hand-down", role: "img", aria: { label: t("ui.cards.hidden", { name: player.name }) } },
      [0, 1, 2, 3].map(() => svgImage(backSvg(), "mus-card"))
    );
  }
  if (discarding) {
    return h(
      "div",
      { class: "mus-hand mus-hand-pick", role: "group", aria: { label: t("ui.discard.pick") } },
      player.cards.map((card) => {
        const picked = ui.selected.has(card);
        return h(
          "button",
          {
            class: ["mus-card-button", picked && "mus-picked"],
            type: "button",
            data: { key: `card-${card}`, card },
            aria: { pressed: picked ? "true" : "false", label: cardName(t, card) },
            title: t("ui.discard.card", { card: cardName(t, card) }),
            on: { click: () => ctx.toggleCard(card) }
          },
          svgImage(cardSvg(card), "mus-card")
        );
      })
    );
  }
  const names = player.cards.map((card) => cardName(t, card));
  return h(
    "ul",
    {
      class: ["mus-hand", mine ? "mus-hand-mine" : "mus-hand-shown"],
      aria: { label: mine ? t("ui.cards.yours") : t("ui.cards.shown", { name: player.name, cards: names.join(", ") }) }
    },
    player.cards.map(
      (card, i) => h(
        "li",
        { class: "mus-card-slot", data: { card } },
        h(
          "span",
          { class: "mus-card-image", role: "img", aria: { label: names[i] } },
          svgImage(cardSvg(card), "mus-card")
        )
      )
    )
  );
}
function faceView(ctx, seat) {
  const { state, t, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat && !state.watch;
  const ringed = player.sena && !state.watch && (seat === state.partner || mine);
  const described = player.sena ? t("ui.face.of", {
    name: player.name,
    gesture: t(`sena.${player.sena}.gesture`),
    meaning: t(`sena.${player.sena}.meaning`)
  }) : t("ui.face.none", { name: player.name });
  const note = ringed ? t(mine ? "ui.sena.yours" : "ui.sena.partner") : "";
  const art = svgImage(faceSvg(player.sena), "mus-face");
  const classes = ["mus-face-wrap", ringed && "mus-ringed", player.sena && "mus-has-sena"];
  if (mine) {
    return h(
      "button",
      {
        class: [...classes, "mus-face-button"],
        type: "button",
        data: { key: "face", sena: player.sena || "" },
        aria: {
          expanded: ui.senasOpen ? "true" : "false",
          label: ui.senasOpen ? t("ui.face.close") : t("ui.face.open"),
          description: [described, note].filter(Boolean).join(". ")
        },
        title: described,
        on: { click: () => ctx.toggleSenas() }
      },
      art
    );
  }
  return h(
    "span",
    {
      class: classes,
      role: "img",
      tabindex: "0",
      data: { key: `face-${seat}`, sena: player.sena || "" },
      aria: { label: [described, note].filter(Boolean).join(". ") }
    },
    art,
    h("span", { class: "mus-hover-note", aria: { hidden: "true" } }, described, note ? h("em", {}, note) : null)
  );
}
function plateView(ctx, seat) {
  const { state, t, ui } = ctx;
  const player = state.players[seat];
  const team = seat % 2;
  const markers = [
    state.to_move === seat ? h(
      "span",
      { class: "mus-arrow", role: "img", aria: { label: t("ui.to_move", { name: player.name }) } },
      svgImage(arrowSvg(), "mus-marker")
    ) : h("span", { class: "mus-marker-room", aria: { hidden: "true" } }),
    state.mano === seat ? h(
      "span",
      { class: "mus-mano", role: "img", aria: { label: t("ui.mano", { name: player.name }) } },
      svgImage(manoSvg(), "mus-marker")
    ) : h("span", { class: "mus-marker-room", aria: { hidden: "true" } })
  ];
  const human = Boolean(player.presence) && seat !== state.seat;
  const info = player.level || human ? h(
    "button",
    {
      class: "mus-info-button",
      type: "button",
      data: { key: `info-${seat}` },
      aria: { label: t("ui.info.of", { name: player.name }), expanded: ui.info === seat ? "true" : "false" },
      on: { click: () => ctx.toggleInfo(seat) }
    },
    "i"
  ) : null;
  const absent = player.presence === "gone" || player.presence === "away";
  const presence = human ? absent ? h(
    "span",
    {
      class: "mus-presence",
      role: "img",
      title: t(`ui.classroom.${player.presence}`),
      aria: { label: t(`ui.classroom.${player.presence}`) },
      data: { presence: player.presence }
    },
    svgImage(presenceSvg(player.presence), "mus-marker")
  ) : h("span", { class: "mus-presence mus-marker-room", aria: { hidden: "true" }, data: { presence: player.presence } }) : null;
  return h(
    "div",
    {
      class: ["mus-plate", `mus-team-${team}`, player.level && "mus-bot", player.presence && "mus-human"],
      data: { presence: player.presence || "" }
    },
    markers[0],
    h("span", { class: "mus-name", title: player.name }, player.name),
    presence,
    h("span", { class: "mus-points", title: state.teams[team] }, String(state.scores[team])),
    info,
    markers[1]
  );
}
function declarations(ctx, player) {
  const { t } = ctx;
  const out = [];
  for (const lance of ["pares", "juego"]) {
    const has = player[lance];
    if (has === null || has === void 0) continue;
    out.push(h(
      "span",
      { class: ["mus-decl", has ? "mus-decl-yes" : "mus-decl-no"] },
      t(`ui.${lance}.${has ? "yes" : "no"}`)
    ));
  }
  return out;
}
function bubbleView(ctx, seat) {
  const { state } = ctx;
  const bubble = state.players[seat].bubble;
  if (!bubble) return h("div", { class: "mus-bubble mus-bubble-empty", aria: { hidden: "true" } });
  const fresh = ctx.freshFrom !== null && bubble.at >= ctx.freshFrom;
  return h(
    "div",
    { class: ["mus-bubble", bubble.ask && "mus-bubble-ask", fresh && "mus-fresh"], data: { seat } },
    bubble.text
  );
}
function seatView(ctx, seat, position) {
  const { state, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat;
  return h(
    "section",
    {
      class: ["mus-seat", `mus-at-${position}`, state.to_move === seat && "mus-to-move", mine && "mus-me"],
      aria: { label: player.name },
      data: { seat, position }
    },
    plateView(ctx, seat),
    mine ? bubbleView(ctx, seat) : null,
    h("div", { class: "mus-seat-body" }, faceView(ctx, seat), handView(ctx, seat)),
    mine ? null : bubbleView(ctx, seat),
    h("div", { class: "mus-decls" }, declarations(ctx, player)),
    ui.info === seat ? infoPopover(ctx, seat) : null
  );
}

// js/views/senas.js
function senasOverview(ctx) {
  const { state, t } = ctx;
  const honest = new Set(state.true_senas || []);
  return h(
    "div",
    { class: "mus-senas", role: "group", aria: { label: t("ui.senas.title") } },
    h("div", { class: "mus-senas-title" }, t("ui.senas.title")),
    h(
      "div",
      { class: "mus-senas-grid" },
      SENA_IDS.map((id) => {
        const gesture = t(`sena.${id}.gesture`);
        const meaning = t(`sena.${id}.meaning`);
        const isTrue = honest.has(id);
        const label = t("ui.sena.option", { gesture, meaning }) + (isTrue ? ` (${t("ui.sena.true")})` : "");
        return h(
          "button",
          {
            class: ["mus-sena-option", isTrue && "mus-sena-true"],
            type: "button",
            data: { key: `sena-${id}`, sena: id },
            aria: { label },
            on: { click: () => ctx.makeSena(id) }
          },
          svgImage(faceSvg(id), "mus-face"),
          isTrue ? h("span", { class: "mus-true-mark", aria: { hidden: "true" } }, "✓") : null,
          h(
            "span",
            { class: "mus-hover-note", aria: { hidden: "true" } },
            h("strong", {}, gesture),
            h("span", {}, meaning),
            isTrue ? h("em", {}, t("ui.sena.true")) : null
          )
        );
      })
    )
  );
}

// js/views/steps.js
function stepsView(ctx) {
  const { state, t } = ctx;
  const steps = state.steps;
  if (!steps) return null;
  const go = (to) => ctx.step(to);
  return h(
    "section",
    { class: "mus-steps", role: "region", aria: { label: t("ui.steps.region") } },
    h("h3", { class: "mus-steps-title" }, steps.title),
    h(
      "div",
      { class: "mus-steps-bar" },
      h("button", {
        class: "mus-step-button",
        type: "button",
        data: { key: "step-back" },
        disabled: steps.index <= 0 || ctx.waiting,
        aria: { label: t("ui.steps.back") },
        title: t("ui.steps.back"),
        on: { click: () => go(steps.index - 1) }
      }, "◀"),
      h(
        "span",
        { class: "mus-steps-count", aria: { live: "polite" } },
        t("ui.steps.step", { index: steps.index, count: steps.count })
      ),
      h("button", {
        class: "mus-step-button",
        type: "button",
        data: { key: "step-forward" },
        disabled: steps.index >= steps.count || ctx.waiting,
        aria: { label: t("ui.steps.forward") },
        title: t("ui.steps.forward"),
        on: { click: () => go(steps.index + 1) }
      }, "▶")
    ),
    steps.toggle ? h(
      "label",
      { class: "mus-check mus-face-up" },
      h("input", {
        type: "checkbox",
        checked: steps.face_up,
        data: { key: "face-up" },
        on: { change: (event) => ctx.setFaceUp(event.target.checked) }
      }),
      t("ui.steps.face_up")
    ) : null,
    h("button", {
      class: "mus-action mus-play-on",
      type: "button",
      data: { key: "play-on" },
      disabled: steps.over || ctx.waiting,
      on: { click: () => ctx.playOn() }
    }, t("ui.steps.play_on"))
  );
}
function noteView(ctx) {
  const { state, t } = ctx;
  const steps = state.steps;
  if (!steps || !steps.note) return null;
  return h(
    "aside",
    { class: "mus-note", aria: { label: t("ui.steps.note") }, data: { step: steps.index } },
    h("p", {}, steps.note)
  );
}

// js/views/tips.js
function tipIds(messages, moment) {
  const out = [];
  for (let n = 1; messages[`tip.${moment}.${n}`] !== void 0; n += 1) out.push(`tip.${moment}.${n}`);
  return out;
}
function tipMoment(state, ui) {
  const moments = ui.senasOpen ? ["senas"] : state.tips || [state.moment];
  const moment = moments[0] || state.moment;
  const turn = state.turn ? state.turn.kind : "";
  return {
    moment,
    moments,
    key: `${moments.join("+")}|${state.game}|${state.hand}|${state.phase}|${state.stage}|${turn}`
  };
}
function tipsView(ctx) {
  const { t, ui, messages } = ctx;
  if (!ctx.tips) return null;
  const { moment, moments, key } = tipMoment(ctx.state, ui);
  if (ui.tipsClosed === key) return null;
  const ids = moments.flatMap((m) => tipIds(messages, m));
  if (!ids.length) return null;
  const page = Math.min(ui.tipPage, ids.length - 1);
  const turnPage = (step) => ctx.pageTip((page + step + ids.length) % ids.length);
  return h(
    "aside",
    {
      class: "mus-tips",
      aria: { label: t("ui.tips.title", { page: page + 1, pages: ids.length }) },
      data: { moment }
    },
    h(
      "div",
      { class: "mus-tips-head" },
      h("button", {
        class: "mus-tip-page",
        type: "button",
        data: { key: "tip-prev" },
        aria: { label: t("ui.tips.previous") },
        on: { click: () => turnPage(-1) }
      }, svgImage(pageSvg(-1), "mus-icon")),
      h("span", { class: "mus-tips-count" }, t("ui.tips.title", { page: page + 1, pages: ids.length })),
      h("button", {
        class: "mus-tip-page",
        type: "button",
        data: { key: "tip-next" },
        aria: { label: t("ui.tips.next") },
        on: { click: () => turnPage(1) }
      }, svgImage(pageSvg(1), "mus-icon")),
      h(
        "button",
        {
          class: "mus-tip-close",
          type: "button",
          data: { key: "tip-close" },
          aria: { label: t("ui.tips.close") },
          on: { click: () => ctx.closeTips(key) }
        },
        svgImage(crossSvg("#2e9e44"), "mus-icon")
      )
    ),
    h("p", { class: "mus-tip-text", aria: { live: "polite" }, data: { tip: ids[page] } }, t(ids[page])),
    h(
      "div",
      { class: "mus-tips-foot" },
      h(
        "label",
        { class: "mus-tips-ask" },
        h("input", {
          type: "checkbox",
          checked: true,
          data: { key: "tips-ask" },
          on: { change: (event) => ctx.setTips(event.target.checked) }
        }),
        t("ui.tips.ask")
      ),
      h(
        "button",
        {
          class: "mus-tips-off",
          type: "button",
          data: { key: "tips-off" },
          aria: { label: t("ui.tips.off") },
          title: t("ui.tips.off"),
          on: { click: () => ctx.setTips(false) }
        },
        svgImage(crossSvg("#d62828"), "mus-icon")
      )
    )
  );
}

// js/views/table.js
var POSITIONS = ["bottom", "right", "top", "left"];
function positionOf(seat, student) {
  return POSITIONS[(seat - student + 4) % 4];
}
function counters(t, points, target) {
  const amarracos = Math.floor(points / 5);
  const piedras = points % 5;
  const tip = t("ui.score.counters", { points, amarracos, piedras, target, goal: Math.ceil(target / 5) });
  return h(
    "span",
    { class: "mus-counters", role: "img", tabindex: "0", title: tip, aria: { label: tip }, data: { key: "counters" } },
    Array.from({ length: amarracos }, () => h("span", { class: "mus-amarraco" })),
    Array.from({ length: piedras }, () => h("span", { class: "mus-piedra" }))
  );
}
function topBar(ctx) {
  const { state, t } = ctx;
  const scores = [0, 1].map((team) => h(
    "span",
    { class: ["mus-score", `mus-team-${team}`], data: { team } },
    h("span", { class: "mus-score-team" }, state.teams[team]),
    h("strong", {}, String(state.scores[team])),
    h("span", { class: "mus-score-target" }, `/ ${state.target}`),
    counters(t, state.scores[team], state.target)
  ));
  return h(
    "header",
    { class: "mus-topbar" },
    h("span", { class: "mus-title" }, "Mus"),
    h(
      "span",
      { class: "mus-hand-info" },
      h("span", { class: "mus-hand-number" }, t("ui.hand_number", { game: state.game, hand: state.hand })),
      state.games > 1 ? h("span", { class: "mus-games" }, t("ui.games_won", {
        team_a: state.teams[0],
        team_b: state.teams[1],
        a: state.games_won[0],
        b: state.games_won[1]
      })) : null
    ),
    h("span", { class: "mus-scores" }, scores),
    h(
      "span",
      { class: "mus-top-buttons" },
      ctx.tips ? null : h(
        "button",
        {
          class: "mus-tips-on",
          type: "button",
          data: { key: "tips-on" },
          aria: { label: t("ui.tips.on") },
          title: t("ui.tips.on"),
          on: { click: () => ctx.setTips(true) }
        },
        svgImage(questionSvg(), "mus-icon")
      ),
      ctx.setup.served ? null : h("button", {
        class: "mus-action mus-new-game",
        type: "button",
        data: { key: "new-game" },
        on: { click: () => ctx.openNewGame() }
      }, t("ui.new_game"))
    )
  );
}
function errorBanner(ctx) {
  const { error, ui, t } = ctx;
  if (!error || !error.seq || ui.dismissedError === error.seq) return null;
  return h(
    "div",
    { class: "mus-error", role: "alert", data: { error: error.id } },
    h("span", {}, error.text),
    h("button", {
      class: "mus-close",
      type: "button",
      data: { key: "error-close" },
      aria: { label: t("ui.error.dismiss") },
      on: { click: () => ctx.dismissError(error.seq) }
    }, "×")
  );
}
function centre(ctx) {
  const { state, t } = ctx;
  const bet = state.bet;
  const parts = [];
  if (bet) {
    const lance = lanceLabel(t, bet.lance);
    const text = bet.ordago ? t("ui.bar.ordago", { lance }) : bet.stake ? t("ui.bar.stake", { lance, stake: bet.stake }) : t("ui.bar.open", { lance });
    parts.push(h("div", { class: ["mus-centre-bet", bet.ordago && "mus-ordago"] }, text));
  } else if (state.stage === "play" && (state.phase === "mus" || state.phase === "discard")) {
    parts.push(h("div", { class: "mus-centre-bet" }, t(state.phase === "mus" ? "action.mus" : "ui.discard.pick")));
  }
  if (state.last) parts.push(h("div", { class: "mus-centre-last" }, t("ui.last_lance", { text: state.last })));
  return h("div", { class: "mus-centre" }, parts);
}
function turnSlot(ctx) {
  const { state, t, ui } = ctx;
  let inside;
  if (ui.senasOpen) inside = senasOverview(ctx);
  else if (state.turn) inside = turnView(ctx);
  else if (state.count || state.stage !== "play") inside = countFooter(ctx);
  else if (state.to_move !== null && state.to_move !== void 0) {
    inside = h("p", { class: "mus-waiting-for" }, t("ui.to_move", { name: state.players[state.to_move].name }));
  }
  return h("div", { class: "mus-turn-slot" }, inside);
}
function sideView(ctx) {
  const { room, t, ui } = ctx;
  const chat = chatView(ctx);
  const fold = (name, label, unread2 = 0) => h("button", {
    class: ["mus-fold-button", ui.fold === name && "mus-fold-open"],
    type: "button",
    data: { key: `fold-${name}` },
    aria: { expanded: ui.fold === name ? "true" : "false", label: unread2 > 0 ? t("ui.room.chat.unread", { n: unread2 }) : null },
    on: { click: () => ctx.toggleFold(name) }
  }, label, unread2 > 0 ? h("span", { class: "mus-fold-unread", aria: { hidden: "true" } }, String(unread2)) : null);
  const unread = room ? Math.max(0, (room.heard || 0) - (ui.chatSeen || 0)) : 0;
  const folded = (name, ...panels) => h(
    "div",
    { class: ["mus-fold", `mus-fold-${name}`, ui.fold === name && "mus-unfolded"] },
    panels
  );
  return h(
    "div",
    { class: "mus-side" },
    h(
      "div",
      { class: "mus-side-inner" },
      stepsView(ctx),
      h(
        "div",
        { class: "mus-folds" },
        fold("tips", t("ui.fold.tips")),
        fold("log", t("ui.fold.log")),
        chat ? fold("chat", t("ui.room.chat"), unread) : null
      ),
      folded("tips", noteView(ctx), coachView(ctx), tipsView(ctx)),
      folded("log", logView(ctx)),
      chat ? folded("chat", chat) : null
    )
  );
}
function tableView(ctx) {
  const { state } = ctx;
  const seats = [0, 1, 2, 3].map((seat) => {
    const position = positionOf(seat, state.seat);
    const view = seatView(ctx, seat, position);
    if (position === "bottom") {
      return h("div", { class: "mus-bottom-area" }, view, turnSlot(ctx));
    }
    return view;
  });
  const count = countView(ctx);
  const main = ctx.ui.form ? h("div", { class: "mus-main mus-main-dialog" }, newGameView(ctx)) : h(
    "div",
    { class: "mus-main" },
    h("div", { class: ["mus-felt", count && "mus-counting"] }, seats, centre(ctx), count),
    sideView(ctx)
  );
  return h(
    "div",
    { class: ["mus-app", ctx.waiting && "mus-waiting", state.steps && "mus-stepping", ctx.setup.served && "mus-served"] },
    topBar(ctx),
    roomBar(ctx),
    h("div", { class: "mus-stage" }, errorBanner(ctx), main)
  );
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

// js/widget.js
function freshUi() {
  return {
    selected: /* @__PURE__ */ new Set(),
    amount: null,
    turnKey: "",
    senasOpen: false,
    fold: null,
    info: null,
    form: null,
    tipsClosed: "",
    tipsKey: "",
    tipPage: 0,
    dismissedError: 0,
    waitingFor: null,
    chatDraft: "",
    chatSeen: null
    // how many chat lines this view has shown (room.heard then)
  };
}
function announcement(t, before, state) {
  const lines = [];
  const sameHand = before && before.game === state.game && before.hand === state.hand && before.stage === state.stage;
  const fresh = sameHand ? state.log.slice(before.log.length) : state.log.slice(-3);
  lines.push(...fresh);
  if (state.stage === "count" && (!before || before.stage !== "count")) lines.push(t("ui.live.count"));
  if (state.winner && (!before || !before.winner)) lines.push(state.winner.text);
  if (state.turn && (!before || !before.turn || before.v !== state.v)) {
    lines.push(t("ui.live.turn", { bar: barText(t, state) }));
  }
  return lines.join(" ");
}
function turnKey(state) {
  const turn = state.turn;
  if (!turn) return "";
  const cards = state.players[state.seat].cards || [];
  return `${state.game}|${state.hand}|${state.phase}|${cards.join(" ")}|${JSON.stringify(turn)}`;
}
function render({ model: born, el }) {
  const { model, stop: stopFallback } = withFallback(born, { id: born.get("_id") });
  const root = h("div", { class: "mus-widget", "data-lm-suppress-shortcuts": "true" });
  const live = h("div", { class: "mus-live", role: "status", aria: { live: "polite", atomic: "true" } });
  const app = h("div", { class: "mus-app-host" });
  const notice = h("div", { class: "mus-kernel", role: "alert", hidden: true });
  root.append(live, notice, app);
  el.appendChild(root);
  const unfollow = followTheme(root);
  function noKernel(id) {
    const t = translator(model.get("messages"), model.get("language"));
    notice.textContent = t(id);
    notice.dataset.kernel = id === "ui.kernel.snapshot" ? "snapshot" : "lost";
    notice.hidden = false;
    root.classList.add("mus-no-kernel");
  }
  const watch = kernelWatch(model, {
    id: model.get("_id"),
    onLost: () => noKernel("ui.kernel.lost"),
    onBack: () => {
      notice.hidden = true;
      root.classList.remove("mus-no-kernel");
    }
  });
  watch.ready.then(() => {
    if (watch.frozen()) noKernel("ui.kernel.snapshot");
  });
  const guard = (event) => {
    if (notice.hidden && watch.check()) return;
    event.preventDefault();
    event.stopPropagation();
  };
  root.addEventListener("click", guard, true);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") guard(event);
  }, true);
  const ui = freshUi();
  let shown = null;
  let freshFrom = null;
  const send = (content) => model.send(content);
  function prepare(state) {
    const key = turnKey(state);
    if (key !== ui.turnKey) {
      ui.turnKey = key;
      ui.selected = /* @__PURE__ */ new Set();
      ui.amount = null;
    }
    const { key: tipKey } = tipMoment(state, ui);
    if (tipKey !== ui.tipsKey) {
      ui.tipsKey = tipKey;
      ui.tipPage = 0;
    }
  }
  function markSeen(room) {
    const panel = app.querySelector(".mus-chat");
    if (ui.chatSeen === null || ui.fold === "chat" || panel && panel.getClientRects().length > 0) {
      ui.chatSeen = room.heard || 0;
    }
  }
  function draw() {
    const state = model.get("state");
    if (!state || !state.players) return;
    prepare(state);
    markSeen(model.get("room") || {});
    const t = translator(model.get("messages"), model.get("language"));
    const active = document.activeElement;
    const focusKey = active && root.contains(active) && active.dataset ? active.dataset.key : null;
    const ctx = {
      state,
      t,
      ui,
      messages: model.get("messages") || {},
      setup: model.get("setup") || {},
      room: model.get("room") || {},
      tips: model.get("tips"),
      error: model.get("error"),
      waiting: ui.waitingFor !== null,
      freshFrom,
      redraw: draw,
      act(action) {
        ui.waitingFor = state.v;
        send({ type: "act", action });
        draw();
      },
      nextHand() {
        ui.waitingFor = state.v;
        send({ type: "next_hand" });
        draw();
      },
      makeSena(sena) {
        ui.senasOpen = false;
        send({ type: "sena", sena });
        draw();
      },
      say() {
        const text = ui.chatDraft.trim();
        if (!text) return;
        ui.chatDraft = "";
        send({ type: "say", text });
        draw();
      },
      toggleCard(card) {
        if (ui.selected.has(card)) ui.selected.delete(card);
        else ui.selected.add(card);
        draw();
      },
      toggleSenas() {
        ui.senasOpen = !ui.senasOpen;
        draw();
      },
      toggleFold(name) {
        ui.fold = ui.fold === name ? null : name;
        draw();
      },
      toggleInfo(seat) {
        ui.info = ui.info === seat ? null : seat;
        draw();
      },
      pageTip(page) {
        ui.tipPage = page;
        draw();
      },
      closeTips(key) {
        ui.tipsClosed = key;
        draw();
      },
      setLanguage(code) {
        send({ type: "prefs", language: code });
      },
      setTips(on) {
        if (on) ui.tipsClosed = "";
        send({ type: "prefs", tips: on });
      },
      dismissError(seq) {
        ui.dismissedError = seq;
        draw();
      },
      openNewGame() {
        ui.form = newForm(model.get("setup"), {
          tips: model.get("tips"),
          language: model.get("language"),
          pace: model.get("pace")
        });
        draw();
      },
      closeNewGame() {
        ui.form = null;
        draw();
      },
      startGame() {
        const message = newGameMessage(ui.form);
        ui.form = null;
        ui.tipsClosed = "";
        send(message);
        draw();
      },
      step(to) {
        ui.waitingFor = state.v;
        send({ type: "step", to });
        draw();
      },
      setFaceUp(on) {
        ui.waitingFor = state.v;
        send({ type: "face_up", on });
        draw();
      },
      playOn() {
        ui.waitingFor = state.v;
        send({ type: "play_on" });
        draw();
      }
    };
    app.replaceChildren(tableView(ctx));
    root.lang = model.get("language") || "en";
    root.dataset.version = String(state.v);
    root.dataset.stage = state.stage;
    for (const lines of app.querySelectorAll(".mus-log-lines, .mus-chat-lines")) lines.scrollTop = lines.scrollHeight;
    if (focusKey) {
      const again = app.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      const fallback = app.querySelector(".mus-actions button:not([disabled]), .mus-count-foot button, .mus-dialog input");
      const target = again && !again.disabled ? again : fallback;
      if (target) {
        target.focus({ preventScroll: true });
        if (target === again && target.tagName === "INPUT" && target.type === "text") {
          target.setSelectionRange(target.value.length, target.value.length);
        }
      } else root.focus({ preventScroll: true });
    }
  }
  function onState() {
    const state = model.get("state");
    const t = translator(model.get("messages"), model.get("language"));
    const before = shown;
    const sameHand = before && before.game === state.game && before.hand === state.hand;
    freshFrom = sameHand ? before.log.length : null;
    ui.waitingFor = null;
    const said = announcement(t, before, state);
    if (said) live.textContent = said;
    shown = state;
    draw();
  }
  function onError() {
    ui.waitingFor = null;
    const error = model.get("error");
    if (error && error.text) live.textContent = error.text;
    draw();
  }
  root.tabIndex = -1;
  root.addEventListener("keydown", (event) => {
    const state = model.get("state");
    const steps = state && state.steps;
    const target = event.target;
    const typing = target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.type !== "checkbox";
    const arrow = event.key === "ArrowLeft" || event.key === "ArrowRight";
    if (steps && arrow && !ui.form && !typing && ui.waitingFor === null) {
      const to = steps.index + (event.key === "ArrowLeft" ? -1 : 1);
      if (to >= 0 && to <= steps.count) {
        ui.waitingFor = state.v;
        model.send({ type: "step", to });
        draw();
      }
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.key !== "Escape") return;
    if (ui.form) ui.form = null;
    else if (ui.senasOpen) ui.senasOpen = false;
    else if (ui.info !== null) ui.info = null;
    else return;
    event.stopPropagation();
    draw();
    const face3 = app.querySelector('[data-key="face"]');
    if (face3) face3.focus({ preventScroll: true });
  });
  model.on("change:state", onState);
  model.on("change:error", onError);
  model.on("change:messages", draw);
  model.on("change:tips", draw);
  model.on("change:setup", draw);
  model.on("change:room", draw);
  shown = model.get("state");
  draw();
  return () => {
    watch.stop();
    unfollow();
    model.off("change:state", onState);
    model.off("change:error", onError);
    model.off("change:messages", draw);
    model.off("change:tips", draw);
    model.off("change:setup", draw);
    model.off("change:room", draw);
    stopFallback();
  };
}
var widget_default = { render };
export {
  widget_default as default
};
