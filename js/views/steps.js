// Stepping through a scenario: the scenario's title, ◀ and ▶ with the step number, the face-up box (when the
// teacher may turn the hands), "Play on from here", and the step's note beside the table.

import { h } from "../dom.js";

/** @param {import("../contract.js").Ctx} ctx */
export function stepsView(ctx) {
  const { state, t } = ctx;
  const steps = state.steps;
  if (!steps) return null;
  const go = (to) => ctx.step(to);
  return h(
    "section",
    { class: "mus-steps", role: "region", aria: { label: t("ui.steps.region") } },
    h("h3", { class: "mus-steps-title" }, steps.title),
    h("div", { class: "mus-steps-bar" },
      h("button", { class: "mus-step-button", type: "button", data: { key: "step-back" },
        disabled: steps.index <= 0 || ctx.waiting, aria: { label: t("ui.steps.back") }, title: t("ui.steps.back"),
        on: { click: () => go(steps.index - 1) } }, "◀"),
      h("span", { class: "mus-steps-count", aria: { live: "polite" } },
        t("ui.steps.step", { index: steps.index, count: steps.count })),
      h("button", { class: "mus-step-button", type: "button", data: { key: "step-forward" },
        disabled: steps.index >= steps.count || ctx.waiting, aria: { label: t("ui.steps.forward") },
        title: t("ui.steps.forward"), on: { click: () => go(steps.index + 1) } }, "▶")),
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

/** The step's note, beside the table; a note carried on from an earlier step says which, and is drawn apart. */
/** @param {import("../contract.js").Ctx} ctx */
export function noteView(ctx) {
  const { state, t } = ctx;
  const steps = state.steps;
  if (!steps || !steps.note) return null;
  const from = steps.note_step !== null && steps.note_step < steps.index ? steps.note_step : null;
  return h(
    "aside",
    { class: ["mus-note", from !== null && "mus-note-earlier"], aria: { label: t("ui.steps.note") },
      data: { step: steps.index, from: from ?? "" } },
    from !== null ? h("p", { class: "mus-note-from" }, t("ui.steps.note_from", { step: from })) : null,
    h("p", {}, steps.note),
  );
}
