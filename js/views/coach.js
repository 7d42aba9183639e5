// The coach: on the student's turn, what the expert bot would do in the student's seat, its reason, and the
// team's chance at the lance being bet (worked out in Python from the student's own view only).

import { h } from "../dom.js";

/** @param {import("../contract.js").Ctx} ctx */
export function coachView(ctx) {
  const { state, t } = ctx;
  const coach = state.coach;
  if (!coach) return null;
  return h(
    "aside",
    { class: "mus-coach", aria: { label: t("ui.coach.title") }, data: { action: coach.action } },
    h("h3", { class: "mus-coach-title" }, t("ui.coach.title")),
    h("p", { class: "mus-coach-action" }, t("ui.coach.would", { action: coach.said })),
    h("p", { class: "mus-coach-why" }, coach.why),
    coach.chance ? h("p", { class: "mus-coach-chance" }, coach.chance) : null,
  );
}
