// A finished hand reopened: in the turn's place, the hand's number, ⏮ ◀ the step ▶ ⏭ and Back to the game.
// The felt shows the hand face up at the step (its count at the last); the live game waits.

import { h } from "../dom.js";
import { decisionBox } from "./review.js";

/** A step button's picture (to the deal, to the count): a bar and a triangle, drawn, as fonts lack ⏮ and ⏭. */
function icon(path) {
  return h("svg", { class: "mus-step-icon", viewBox: "0 0 14 14", aria: { hidden: "true" }, focusable: "false" },
    h("path", { d: path }));
}

/** @param {import("../contract.js").Ctx} ctx */
export function replayBar(ctx) {
  const { state, t } = ctx;
  const replay = state.replay;
  if (!replay) return null;
  const at = ctx.ui.replayTo ?? replay.index;
  const button = (key, label, to, text, disabled) => h("button", {
    class: "mus-step-button", type: "button", data: { key }, disabled, aria: { label }, title: label,
    on: { click: () => ctx.replayStep(to) },
  }, text);
  // At a graded decision the decision takes the title's room: the slot keeps one size.
  return h(
    "section",
    { class: "mus-replay", role: "region", aria: { label: t("ui.replay.region", { hand: replay.hand }) } },
    replay.decision ? null : h("h3", { class: "mus-replay-title" }, t("ui.replay.region", { hand: replay.hand })),
    h("div", { class: "mus-steps-bar" },
      button("replay-first", t("ui.replay.first"), 0, icon("M2 1h2v12H2zM13 1v12L5 7z"), at <= 0),
      button("replay-back", t("ui.steps.back"), at - 1, "◀", at <= 0),
      h("span", { class: "mus-steps-count", aria: { live: "polite" } },
        t("ui.steps.step", { index: replay.index, count: replay.count })),
      button("replay-forward", t("ui.steps.forward"), at + 1, "▶", at >= replay.count),
      button("replay-last", t("ui.replay.last"), replay.count, icon("M10 1h2v12h-2zM1 1v12l8-6z"), at >= replay.count)),
    h("button", { class: ["mus-action", !replay.decision && "mus-primary"], type: "button", data: { key: "replay-close" },
      on: { click: () => ctx.closeReplay() } }, t("ui.replay.back_to_game")),
    decisionBox(ctx),
  );
}
