// Learning from the game: the Review button (with how far the grading is), the review in place of the table
// (the chart, then the student's decisions, the costliest to learn from first shown), and, in a reopened hand,
// the decision graded at the step shown with "Try again from here".

import { h } from "../dom.js";

/** The top bar's button: the review, and how many decisions are graded of those made. */
/** @param {import("../contract.js").Ctx} ctx */
export function reviewButton(ctx) {
  const { review, t } = ctx;
  if (ctx.setup.served) return null;
  // Always there (the top bar keeps one height through a hand), usable once a decision is graded.
  const total = review.total || 0;
  const progress = review.complete || !total ? null : t("ui.review.progress", { done: review.done, total });
  return h("button", {
    class: ["mus-action", "mus-review-button", ctx.ui.review && "mus-fold-open"], type: "button",
    data: { key: "review" }, disabled: !total, aria: { expanded: ctx.ui.review ? "true" : "false" },
    title: total ? progress : t("ui.review.nothing"),
    on: { click: () => (ctx.ui.review ? ctx.closeReview() : ctx.openReview()) },
  }, t("ui.review.open"), progress ? h("span", { class: "mus-review-progress" }, ` ${review.done}/${total}`) : null);
}

/** Whether the hand of a graded decision is over (only a finished hand reopens). */
/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").ReviewRowView} row */
function handOver(ctx, row) {
  const { state } = ctx;
  if (row.game !== state.game) return row.game < state.game;
  return row.hand < state.hand || (row.hand === state.hand && state.stage !== "play");
}

/** A decision's grade as a small badge (its colour from the grade, its word always written). */
function badge(row) {
  return h("span", { class: ["mus-badge", `mus-badge-${row.grade}`] }, row.grade_text);
}

/** The decision marker nearest to where the chart was tapped, within a fingertip's reach (22 px: the markers
 * are drawn a few pixels wide, a finger covers some forty), or null. */
/** @param {Element} chart @param {number} x @param {number} y */
function nearestMarker(chart, x, y) {
  let best = null;
  let bestDistance = 22;
  for (const marker of chart.querySelectorAll("[data-decision]")) {
    const shape = marker.querySelector("circle, rect, polygon") || marker;
    const box = shape.getBoundingClientRect();
    const distance = Math.hypot(box.left + box.width / 2 - x, box.top + box.height / 2 - y);
    if (distance <= bestDistance) {
      best = marker;
      bestDistance = distance;
    }
  }
  return best;
}

/** The review in place of the table. */
/** @param {import("../contract.js").Ctx} ctx */
export function reviewView(ctx) {
  const { review, t, ui } = ctx;
  const rows = review.rows || [];
  const flagged = rows.filter((row) => row.grade !== "good");
  const onlyFlagged = ui.reviewAll ? false : flagged.length > 0;
  const shown = onlyFlagged ? flagged : rows;
  const counts = ["good", "inaccuracy", "mistake", "blunder"].map((grade) =>
    h("span", { class: ["mus-badge", `mus-badge-${grade}`] },
      `${t(`review.grade.${grade}`)}: ${rows.filter((row) => row.grade === grade).length}`));
  const open = (row) => { if (handOver(ctx, row)) ctx.openDecision(row.row); };
  return h(
    "section",
    { class: "mus-review", role: "region", aria: { label: t("ui.review.title") } },
    h("div", { class: "mus-review-head" },
      h("h3", { class: "mus-review-title" }, t("ui.review.title")),
      h("button", { class: "mus-action", type: "button", data: { key: "review-close" },
        on: { click: () => ctx.closeReview() } }, t("ui.review.close"))),
    review.complete
      ? h("p", { class: "mus-review-counts" }, counts)
      : h("p", { class: "mus-review-status", aria: { live: "polite" } },
          h("progress", { max: review.total, value: review.done }),
          " ", t("ui.review.progress", { done: review.done, total: review.total })),
    review.chart
      ? h("div", {
          class: "mus-review-chart", html: review.chart,
          on: { click: (event) => {
            const target = /** @type {Element} */ (event.target).closest("[data-decision]")
              || nearestMarker(/** @type {Element} */ (event.currentTarget), event.clientX, event.clientY);
            const row = target && rows.find((r) => r.row === Number(target.getAttribute("data-decision")));
            if (row) open(row);
          } },
        })
      : null,
    flagged.length
      ? h("label", { class: "mus-check" },
          h("input", { type: "checkbox", checked: !onlyFlagged, data: { key: "review-all" },
            on: { change: (event) => ctx.setReviewAll(event.target.checked) } }),
          t("ui.review.all", { count: rows.length }))
      : null,
    h("ol", { class: "mus-review-rows" }, shown.map((row) => h("li", { key: `row-${row.row}` },
      h("button", { class: ["mus-review-item", `mus-review-${row.grade}`], type: "button", data: { decision: row.row },
        disabled: !handOver(ctx, row), title: handOver(ctx, row) ? t("ui.review.open_decision") : t("ui.review.hand_on"),
        on: { click: () => open(row) } },
        h("span", { class: "mus-review-where" }, t("ui.review.where", { hand: row.hand, moment: row.moment })),
        badge(row),
        h("span", { class: "mus-review-calls" }, t("ui.review.calls", { action: row.action, best: row.best })),
        row.grade !== "good" ? h("span", { class: "mus-review-cost" }, t("ui.review.cost", { cost: row.cost })) : null,
        h("span", { class: "mus-review-why" }, row.why),
        // (said, not only in the title: a finger gets no tooltip)
        handOver(ctx, row) ? null : h("span", { class: "mus-review-hand-on" }, t("ui.review.hand_on")))))),
  );
}

/** In a reopened hand, the student's decision graded at the step shown: the grade, both calls, why, and Try
 *  again from here. */
/** @param {import("../contract.js").Ctx} ctx */
export function decisionBox(ctx) {
  const { state, t } = ctx;
  const row = state.replay && state.replay.decision;
  if (!row) return null;
  return h("div", { class: "mus-decision", role: "group", aria: { label: t("ui.review.decision") } },
    h("p", { class: "mus-decision-head" }, badge(row), " ",
      t("ui.review.calls", { action: row.action, best: row.best }),
      row.grade !== "good" ? h("span", { class: "mus-review-cost" }, " ", t("ui.review.cost", { cost: row.cost })) : null),
    h("p", { class: "mus-decision-why" }, row.why),
    row.hindsight ? h("p", { class: "mus-decision-hindsight" }, row.hindsight) : null,
    h("div", { class: "mus-decision-buttons" },
      h("button", { class: "mus-action mus-primary", type: "button", data: { key: "try-again" },
        on: { click: () => ctx.tryAgain(row.at) } }, t("ui.review.try_again")),
      ctx.ui.fromReview
        ? h("button", { class: "mus-action", type: "button", data: { key: "back-to-review" },
            on: { click: () => ctx.backToReview() } }, t("ui.review.back"))
        : null));
}
