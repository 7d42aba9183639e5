// Stepping through a scenario: the scenario's title, ◀ and ▶ with the step number, the list of its hands to jump
// to (when it plays more than one), the branches ("What if North played Quiero?") that answer the step shown or
// the branch shown with the way back to the main line, the face-up box (when the teacher may turn the hands),
// "Play on from here", and the step's own note beside the table. The buttons move from the step asked for last, so quick presses
// each count while the kernel catches up.

import { h } from "../dom.js";

/** The step the controls move from: the one asked for last, until the table shows it; else the one shown. */
/** @param {import("../contract.js").Steps} steps @param {import("../contract.js").Ui} ui */
export function stepFrom(steps, ui) {
  return ui.stepTo ?? steps.index;
}

/** The hands to jump to, the one of the step shown chosen; none for a scenario of one hand. */
/** @param {import("../contract.js").Ctx} ctx */
function handList(ctx) {
  const { t } = ctx;
  const steps = ctx.state.steps;
  const hands = steps.hands;
  if (hands.length < 2) return null;
  const at = stepFrom(steps, ctx.ui);
  const current = hands.reduce((found, hand, i) => (hand.step <= at ? i : found), 0);
  return h("select", { class: "mus-steps-hands", data: { key: "step-hand" }, aria: { label: t("ui.steps.hands") },
    title: t("ui.steps.hands"), on: { change: (event) => ctx.step(Number(event.target.value)) } },
    hands.map((hand, i) => h("option", { value: String(hand.step), selected: i === current }, hand.text)));
}

/** The branches that answer the step shown, to go into; in a branch, its name and the way back. */
/** @param {import("../contract.js").Ctx} ctx */
function branchesView(ctx) {
  const { t } = ctx;
  const steps = ctx.state.steps;
  if (steps.branch) {
    // The branch is named on the step counter ("What if West played Quiero? — step 1 of 1").
    return h("div", { class: "mus-steps-branch", role: "group", aria: { label: steps.branch.text } },
      h("button", { class: "mus-action mus-main-line", type: "button", data: { key: "main-line" },
        disabled: ctx.waiting, on: { click: () => ctx.stepBranch(null) } }, t("ui.steps.main_line")));
  }
  if (!steps.branches.length) return null;
  return h("div", { class: "mus-steps-branches", role: "group", aria: { label: t("ui.steps.branches") } },
    steps.branches.map((branch) => h("button", { class: "mus-action mus-what-if", type: "button",
      data: { key: `what-if-${branch.number}`, branch: branch.number }, disabled: ctx.waiting,
      on: { click: () => ctx.stepBranch(branch.number) } }, branch.text)));
}

/** @param {import("../contract.js").Ctx} ctx */
export function stepsView(ctx) {
  const { state, t } = ctx;
  const steps = state.steps;
  if (!steps) return null;
  const at = stepFrom(steps, ctx.ui);
  return h(
    "section",
    { class: "mus-steps", role: "region", aria: { label: t("ui.steps.region") } },
    h("h3", { class: "mus-steps-title" }, steps.title),
    h("div", { class: "mus-steps-bar" },
      h("button", { class: "mus-step-button", type: "button", data: { key: "step-back" },
        disabled: at <= 0, aria: { label: t("ui.steps.back") }, title: t("ui.steps.back"),
        on: { click: () => ctx.step(stepFrom(steps, ctx.ui) - 1) } }, "◀"),
      h("span", { class: "mus-steps-count", aria: { live: "polite" } },
        steps.branch
          ? t("ui.steps.branch_step", { branch: steps.branch.text, index: steps.index, count: steps.count })
          : t("ui.steps.step", { index: steps.index, count: steps.count })),
      h("button", { class: "mus-step-button", type: "button", data: { key: "step-forward" },
        disabled: at >= steps.count, aria: { label: t("ui.steps.forward") },
        title: t("ui.steps.forward"), on: { click: () => ctx.step(stepFrom(steps, ctx.ui) + 1) } }, "▶")),
    handList(ctx),
    branchesView(ctx),
    steps.toggle
      ? h("label", { class: "mus-check mus-face-up" },
          h("input", { type: "checkbox", checked: ctx.ui.faceUp ?? steps.face_up, data: { key: "face-up" },
            on: { change: (event) => ctx.setFaceUp(event.target.checked) } }),
          t("ui.steps.face_up"))
      : null,
    h("button", { class: "mus-action mus-play-on", type: "button", data: { key: "play-on" },
      disabled: steps.over || ctx.waiting, on: { click: () => ctx.playOn() } }, t("ui.steps.play_on")),
  );
}

/** The note of the step shown, beside the table: a note belongs to its own step only. */
/** @param {import("../contract.js").Ctx} ctx */
export function noteView(ctx) {
  const { state, t } = ctx;
  const steps = state.steps;
  if (!steps || !steps.note) return null;
  return h("aside", { class: "mus-note", aria: { label: t("ui.steps.note") }, data: { step: steps.index } },
    h("p", {}, steps.note));
}
