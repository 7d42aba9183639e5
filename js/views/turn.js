// The student's turn: a bar with the lance and the stake, the red exclamation mark, a button for each legal
// action, and, where a bet or raise is legal, a slider for the amount with Órdago at its end.

import { h, svgImage } from "../dom.js";
import { actionGloss, actionLabel, lanceLabel } from "../i18n.js";
import { exclamationSvg } from "../faces.js";

/** The bar's text: what is being decided and what is on the table. */
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
export function sliderRange(turn) {
  if (!turn || !turn.raise) return null;
  const [low, high] = turn.raise;
  return { low, high, max: turn.ordago ? high + 1 : high };
}

/** The action of the slider's button at `amount`: "envido N", or "ordago" at the end. */
export function sliderAction(turn, amount) {
  const range = sliderRange(turn);
  if (!range) return null;
  const value = Math.min(Math.max(Number(amount) || range.low, range.low), range.max);
  return turn.ordago && value > range.high ? "ordago" : `envido ${value}`;
}

/** A button's face: the game's word, with the local word under it where there is one. */
function face(t, label, action, glossed) {
  const gloss = glossed ? actionGloss(t, action) : "";
  return [h("span", { class: "mus-word" }, label), gloss ? h("span", { class: "mus-gloss" }, gloss) : null];
}

function actionButton(ctx, action, extra = {}) {
  const { t } = ctx;
  const label = extra.label || actionLabel(t, action);
  return h(
    "button",
    {
      class: ["mus-action", extra.primary && "mus-primary", `mus-action-${action.split(" ")[0]}`],
      type: "button",
      disabled: ctx.waiting,
      data: { key: extra.key || `act-${action}`, action },
      aria: { label: extra.aria || label },
      on: { click: () => ctx.act(action) },
    },
    face(t, label, action, !extra.label),
  );
}

function raiseControls(ctx, turn) {
  const { t, ui } = ctx;
  const range = sliderRange(turn);
  if (!range) {
    return turn.ordago ? actionButton(ctx, "ordago") : null;
  }
  const action = sliderAction(turn, ui.amount);
  const raise = h(
    "button",
    {
      class: `mus-action mus-raise-button mus-action-${action.split(" ")[0]}`,
      type: "button",
      disabled: ctx.waiting,
      data: { key: "act-raise", action },
      aria: { label: actionLabel(t, action) },
      on: { click: (event) => ctx.act(event.currentTarget.dataset.action) },
    },
    face(t, actionLabel(t, action), action, true),
  );
  const slider = h("input", {
    class: "mus-slider",
    type: "range",
    min: String(range.low),
    max: String(range.max),
    step: "1",
    value: String(Math.min(Math.max(ui.amount ?? range.low, range.low), range.max)),
    data: { key: "slider" },
    aria: { label: t("ui.slider"), valuetext: actionLabel(t, action) },
    on: {
      input: (event) => {
        // Only the button follows the slider: no redraw while the thumb is held.
        ui.amount = Number(event.target.value);
        const next = sliderAction(turn, ui.amount);
        const label = actionLabel(t, next);
        raise.replaceChildren(...face(t, label, next, true).filter(Boolean));
        raise.setAttribute("aria-label", label);
        raise.dataset.action = next;
        raise.className = `mus-action mus-raise-button mus-action-${next.split(" ")[0]}`;
        event.target.setAttribute("aria-valuetext", label);
      },
    },
  });
  const ends = h("div", { class: "mus-slider-ends", aria: { hidden: "true" } },
    h("span", {}, String(range.low)),
    h("span", {}, turn.ordago ? actionLabel(t, "ordago") : String(range.high)));
  return h("div", { class: "mus-raise" }, raise, h("div", { class: "mus-slider-box" }, slider, ends));
}

function buttons(ctx, turn) {
  const { state, t, ui } = ctx;
  if (turn.kind === "mus") return turn.actions.map((a) => actionButton(ctx, a, { primary: a === "no-mus" }));
  if (turn.kind === "discard") {
    const chosen = [...ui.selected];
    const action = `discard ${chosen.join(" ")}`;
    const label = t("action.discard", { count: chosen.length });
    const button = actionButton(ctx, action, { key: "act-discard", label, primary: true });
    if (!chosen.length) button.disabled = true;
    return [button];
  }
  const out = [];
  if (turn.proposal) {
    const name = state.players[turn.proposer].name;
    const said = actionLabel(t, turn.proposal);
    out.push(actionButton(ctx, turn.proposal, {
      key: "act-agree", label: t("ui.agree"), aria: t("ui.agree.label", { name, action: said }), primary: true,
    }));
  }
  for (const action of turn.actions) {
    if (action !== turn.proposal) out.push(actionButton(ctx, action));
  }
  if (turn.confirm && turn.proposal !== `envido ${turn.confirm}`) out.push(actionButton(ctx, `envido ${turn.confirm}`));
  const raise = raiseControls(ctx, turn.proposal === "ordago" ? { ...turn, ordago: false } : turn);
  if (raise) out.push(raise);
  return out;
}

/** The turn panel, or nothing when it is not the student's turn. */
export function turnView(ctx) {
  const { state, t } = ctx;
  const turn = state.turn;
  if (!turn) return null;
  const proposal = turn.proposal
    ? h("div", { class: "mus-proposal" }, t("ui.bar.proposal", {
        name: state.players[turn.proposer].name, action: actionLabel(t, turn.proposal),
      }))
    : null;
  return h(
    "div",
    { class: "mus-turn", role: "group", aria: { label: t("ui.your_turn") } },
    h("div", { class: "mus-bar" }, barText(t, state)),
    h("div", { class: "mus-turn-row" },
      h("span", { class: "mus-exclaim", role: "img", aria: { label: t("ui.your_turn") } },
        svgImage(exclamationSvg(), "mus-marker")),
      h("div", { class: "mus-actions", role: "group", aria: { label: t("ui.actions") } }, buttons(ctx, turn))),
    proposal,
  );
}
