// The student's turn: a bar with the lance and the stake, the red exclamation mark, a button for each legal
// action, and, where a bet or raise is legal, a slider for the amount with Órdago at its end.
// Actions are read as the state carries them ({kind, amount?, cards?, text}: the turn's `choices` and
// `proposed`); `text`, the canonical notation, is only what a button sends back.

import { h, svgImage } from "../dom.js";
import { actionGloss, actionLabel, lanceLabel } from "../i18n.js";
import { exclamationSvg } from "../faces.js";

/** The bar's text: what is being decided and what is on the table. */
/** @param {import("../contract.js").Translate} t @param {import("../contract.js").TableState} state */
export function barText(t, state) {
  const turn = state.turn;
  if (!turn) return "";
  if (turn.kind === "mus") return t("ui.bar.mus", { round: turn.round });
  if (turn.kind === "discard") return t("ui.bar.discard");
  const lance = lanceLabel(t, turn.lance);
  if (turn.ordago_on) return t("ui.bar.ordago", { lance });
  if (turn.stake) return t("ui.bar.stake", { lance, stake: turn.stake });
  return t("ui.bar.open", { lance });
}

/** The amounts of the slider: the envido range, and one more notch for Órdago when it is legal. */
/** @param {import("../contract.js").Turn} turn */
export function sliderRange(turn) {
  if (!turn || !turn.raise) return null;
  const [low, high] = turn.raise;
  return { low, high, max: turn.ordago ? high + 1 : high };
}

/** The amounts the slider stops at: every one up to seven over the lowest, then every fifth (and the highest),
 * then Órdago's notch when it is legal; so a short drag moves a point or two, and the far end is still near. */
export function sliderStops(turn) {
  const range = sliderRange(turn);
  if (!range) return null;
  const stops = [];
  for (let amount = range.low; amount <= range.high; amount += 1) {
    if (amount - range.low <= 7 || amount % 5 === 0 || amount === range.high) stops.push(amount);
  }
  if (range.max > range.high) stops.push(range.max);
  return stops;
}

const ORDAGO = { kind: "ordago", text: "ordago" };

/** Whether `text` would decide the whole game at once: an órdago, or a quiero to one. */
/** @param {import("../contract.js").Turn} turn @param {string} text */
export function decidesTheGame(turn, text) {
  if (!turn || turn.kind !== "bet") return false;
  return text === "ordago" || (text === "quiero" && Boolean(turn.ordago_on));
}

/** The second step of a game-deciding call: what it stakes, "Yes" to play it, "Not yet" (focused) to think again. */
/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").Turn} turn */
function confirmView(ctx, turn) {
  const { t, ui } = ctx;
  const action = ui.confirming;
  if (!action || !decidesTheGame(turn, action)) return null;
  const label = actionLabel(t, action === "ordago" ? ORDAGO : { kind: "quiero", text: "quiero" });
  return h(
    "div",
    { class: "mus-confirm", role: "group", aria: { label: t(`ui.confirm.${action}`) } },
    h("p", { class: "mus-confirm-text" }, t(`ui.confirm.${action}`)),
    h("div", { class: "mus-confirm-buttons" },
      h("button", { class: "mus-action mus-primary mus-confirm-yes", type: "button", disabled: ctx.waiting,
        data: { key: "confirm-yes", action }, on: { click: () => ctx.confirm() } }, t("ui.confirm.yes", { action: label })),
      h("button", { class: "mus-action mus-confirm-no", type: "button", data: { key: "confirm-no" },
        on: { click: () => ctx.cancelConfirm() } }, t("ui.confirm.no"))),
  );
}

/** The action envido `amount`. */
function envido(amount) {
  return { kind: "envido", amount, text: `envido ${amount}` };
}

/** The action of the slider's button at `amount`: envido N, or órdago at the end. */
/** @param {import("../contract.js").Turn} turn @param {number | null} amount @returns {import("../contract.js").ActionView} */
export function sliderAction(turn, amount) {
  const range = sliderRange(turn);
  if (!range) return null;
  const value = Math.min(Math.max(Number(amount) || range.low, range.low), range.max);
  return turn.ordago && value > range.high ? ORDAGO : envido(value);
}

/** A button's face: the game's word, with the local word under it where there is one. */
/** @param {import("../contract.js").Translate} t @param {Partial<import("../contract.js").Turn>} turn @param {string} label @param {import("../contract.js").ActionView} action @param {boolean} glossed */
function face(t, turn, label, action, glossed) {
  const gloss = glossed ? raiseGloss(t, turn, action) : "";
  return [h("span", { class: "mus-word" }, label), gloss ? h("span", { class: "mus-gloss" }, gloss) : null];
}

/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").ActionView} action */
function actionButton(ctx, action, extra = {}) {
  const { t } = ctx;
  const turn = ctx.state.turn || {};
  const label = extra.label || raiseLabel(t, turn, action);
  return h(
    "button",
    {
      class: ["mus-action", extra.primary && "mus-primary", `mus-action-${action.kind}`],
      type: "button",
      disabled: ctx.waiting || extra.disabled,
      data: { key: extra.key || `act-${action.text}`, action: action.text },
      aria: { label: extra.aria || label },
      on: { click: () => ctx.act(action.text) },
    },
    face(t, turn, label, action, !extra.label),
  );
}

/** The label of a raise: "Envido 5" opens the betting, "5 más" raises a bet already on the table. */
/** @param {import("../contract.js").Translate} t @param {Partial<import("../contract.js").Turn>} turn @param {import("../contract.js").ActionView} action */
function raiseLabel(t, turn, action) {
  return action.kind === "envido" && turn.stake ? t("action.raise", { amount: action.amount }) : actionLabel(t, action);
}

/** @param {import("../contract.js").Translate} t @param {Partial<import("../contract.js").Turn>} turn @param {import("../contract.js").ActionView} action */
function raiseGloss(t, turn, action) {
  return action.kind === "envido" && turn.stake
    ? t("gloss.action.raise", { amount: action.amount })
    : actionGloss(t, action);
}

/** The raise: a button in the row (its face follows the slider), and the slider under the row, ending in Órdago. */
/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").Turn} turn */
function raiseControls(ctx, turn) {
  const { t, ui } = ctx;
  const range = sliderRange(turn);
  if (!range) {
    return { button: turn.ordago ? actionButton(ctx, ORDAGO) : null, slider: null };
  }
  const action = sliderAction(turn, ui.amount);
  const raise = h(
    "button",
    {
      class: `mus-action mus-raise-button mus-action-${action.kind}`,
      type: "button",
      disabled: ctx.waiting,
      data: { key: "act-raise", action: action.text },
      aria: { label: raiseLabel(t, turn, action) },
      on: { click: (event) => ctx.act(event.currentTarget.dataset.action) },
    },
    h("span", { class: "mus-word" }, raiseLabel(t, turn, action)),
    h("span", { class: "mus-gloss" }, raiseGloss(t, turn, action)),
  );
  const stops = sliderStops(turn);
  const follow = (input) => {
    // The button follows the slider; the redraw patches the button and leaves the slider (and its thumb) be.
    ui.amount = stops[Number(input.value)] ?? range.low;
    ctx.redraw();
  };
  const at = Math.max(stops.findIndex((amount) => amount >= (ui.amount ?? range.low)), 0);
  const slider = h("input", {
    class: "mus-slider",
    type: "range",
    min: "0",
    max: String(stops.length - 1),
    step: "1",
    value: String(at),
    data: { key: "slider", stops: stops.join(",") },
    aria: { label: t("ui.slider"), valuetext: raiseLabel(t, turn, action) },
    on: {
      input: (event) => follow(event.target),
      // JupyterLab's notebook takes presses and drags that reach it: the slider keeps its own.
      pointerdown: (event) => event.stopPropagation(),
      mousedown: (event) => event.stopPropagation(),
      keydown: (event) => {
        if (/^(Arrow|Page|Home|End)/.test(event.key)) event.stopPropagation();
      },
    },
  });
  const ends = h("div", { class: "mus-slider-ends", aria: { hidden: "true" } },
    h("span", {}, raiseLabel(t, turn, envido(range.low))),
    h("span", { class: turn.ordago ? "mus-slider-ordago" : null },
      turn.ordago ? actionLabel(t, ORDAGO) : raiseLabel(t, turn, envido(range.high))));
  return { button: raise, slider: h("div", { class: "mus-slider-box" }, slider, ends) };
}

/** The buttons of the turn, and the raise slider that goes under them (or null). */
/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").Turn} turn */
function buttons(ctx, turn) {
  const { state, t, ui } = ctx;
  if (turn.kind === "mus") {
    return { row: turn.choices.map((a) => actionButton(ctx, a, { primary: a.kind === "no-mus" })), slider: null };
  }
  if (turn.kind === "discard") {
    const chosen = [...ui.selected];
    const action = { kind: "discard", cards: chosen, text: `discard ${chosen.join(" ")}` };
    const label = t("action.discard", { count: chosen.length });
    const button = actionButton(ctx, action, { key: "act-discard", label, primary: true, disabled: !chosen.length });
    return { row: [button], slider: null };
  }
  const out = [];
  const proposed = turn.proposed;
  if (proposed) {
    const name = state.players[turn.proposer].name;
    const said = raiseLabel(t, turn, proposed);
    out.push(actionButton(ctx, proposed, {
      key: "act-agree", label: t("ui.agree"), aria: t("ui.agree.label", { name, action: said }), primary: true,
    }));
  }
  for (const action of turn.choices) {
    if (!proposed || action.text !== proposed.text) out.push(actionButton(ctx, action));
  }
  const raise = raiseControls(ctx, proposed && proposed.kind === "ordago" ? { ...turn, ordago: false } : turn);
  if (raise.button) out.push(raise.button);
  return { row: out, slider: raise.slider };
}

/** The turn panel, or nothing when it is not the student's turn. */
/** @param {import("../contract.js").Ctx} ctx */
export function turnView(ctx) {
  const { state, t } = ctx;
  const turn = state.turn;
  if (!turn) return null;
  const { row, slider } = buttons(ctx, turn);
  // The hint names only what the buttons offer: where Agree is the only one, it says so.
  const only = row.length === 1 && !slider;
  const proposal = turn.proposed
    ? h("div", { class: "mus-proposal" }, t(only ? "ui.bar.proposal.only" : "ui.bar.proposal", {
        name: state.players[turn.proposer].name, action: raiseLabel(t, turn, turn.proposed),
      }))
    : null;
  return h(
    "div",
    { class: "mus-turn", role: "group", aria: { label: t("ui.your_turn") } },
    h("div", { class: "mus-bar" }, barText(t, state)),
    confirmView(ctx, turn),
    h("div", { class: "mus-turn-row" },
      h("span", { class: "mus-exclaim", role: "img", aria: { label: t("ui.your_turn") } },
        svgImage(exclamationSvg(), "mus-marker")),
      h("div", { class: "mus-actions", role: "group", aria: { label: t("ui.actions") } }, row)),
    slider,
    proposal,
  );
}
