// The count in the middle of the felt: every lance with its stake, bonus and winner, why it was won (the
// deciding card, pares or total, the tie to the mano, the negada; then what the row is made of), the score,
// the notes; under the student's cards the score and Next hand (or, at the end of the game, who won and New
// game; nothing while stepping a scenario).

import { h } from "../dom.js";

/** @param {import("../contract.js").Ctx} ctx */
export function countView(ctx) {
  const { state, t } = ctx;
  const count = state.count;
  if (!count) return null;
  const over = state.stage === "over";
  const rows = [];
  for (const [i, row] of count.rows.entries()) {
    const ordago = row.outcome === "ordago";
    rows.push(h(
      "tr",
      { class: ["mus-count-row", !row.counted && "mus-not-counted", row.team !== null && `mus-team-${row.team}`],
        data: { lance: row.lance } },
      h("th", { scope: "row" }, t(`lance.${row.lance}`), h("span", { class: "mus-gloss" }, t(`gloss.lance.${row.lance}`))),
      h("td", { class: "mus-num" }, ordago ? t("action.ordago") : String(row.stake),
        row.bonus ? h("span", { class: "mus-stake-bonus" }, ` +${row.bonus}`) : null),
      h("td", { class: "mus-num mus-col-bonus" }, row.bonus ? String(row.bonus) : "–"),
      h("td", {}, row.winner || t("ui.count.nobody")),
      h("td", { class: "mus-num" }, ordago ? "–" : row.counted ? `+${row.points}` : t("ui.count.not_counted")),
    ));
    rows.push(h("tr", { class: "mus-count-why", data: { row: i } },
      h("td", { colspan: "5" }, row.explain || row.why)));
  }
  const table = count.rows.length
    ? h(
        "table",
        { class: "mus-count-table" },
        h("caption", {}, t("ui.count.title")),
        h("thead", {}, h("tr", {},
          ["ui.count.lance", "ui.count.stake", "ui.count.bonus", "ui.count.winner", "ui.count.points"].map((id) =>
            h("th", { scope: "col", class: [id === "ui.count.bonus" && "mus-col-bonus"] }, t(id))))),
        h("tbody", {}, rows),
      )
    : h("p", { class: "mus-count-empty" }, t("ui.count.no_rows"));
  const notes = (count.notes || []).map((text) => h("p", { class: "mus-count-note" }, text));
  const footer = [
    notes,
    count.over && !(over && state.games === 1) ? h("p", { class: "mus-count-over" }, count.over) : null,
  ];
  return h("div", { class: "mus-count", role: "region", tabindex: "0", aria: { label: t("ui.count.title") } },
    table, footer);
}

/** Under the student's cards at the count: the score (each team named), who won, then Next hand or New game. */
/** @param {import("../contract.js").Ctx} ctx */
export function countFooter(ctx) {
  const { state, t } = ctx;
  const count = state.count;
  const over = state.stage === "over";
  const scores = count ? count.scores : state.scores;
  const text = t("ui.count.score", { team_a: state.teams[0], team_b: state.teams[1], a: scores[0], b: scores[1] });
  return h(
    "div",
    { class: "mus-count-foot" },
    over && state.winner
      ? h("p", { class: "mus-winner" }, state.winner.text)
      : h("p", { class: "mus-count-score" }, text),
    over && state.winner && count ? h("p", { class: "mus-count-score" }, text) : null,
    state.steps
      ? null
      : over
      ? h("button", { class: "mus-action mus-primary", type: "button", data: { key: "play-again" },
          on: { click: () => ctx.openNewGame() } }, t("ui.play_again"))
      : h("button", { class: "mus-action mus-primary", type: "button", data: { key: "next-hand" },
          disabled: ctx.waiting, on: { click: () => ctx.nextHand() } }, t("ui.next_hand")),
  );
}
