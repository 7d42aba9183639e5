// The count in the middle of the felt: every lance with its stake, bonus and winner, why it was won (the
// deciding card, pares or total, the tie to the mano, the negada; then what the row is made of), the score,
// then Next hand (or, at the end of the game, who won and New game; nothing while stepping a scenario).

import { h } from "../dom.js";

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
      h("td", { class: "mus-num" }, ordago ? t("action.ordago") : String(row.stake)),
      h("td", { class: "mus-num" }, row.bonus ? String(row.bonus) : "–"),
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
            h("th", { scope: "col" }, t(id))))),
        h("tbody", {}, rows),
      )
    : h("p", { class: "mus-count-empty" }, t("ui.count.no_rows"));
  const notes = (count.notes || []).map((text) => h("p", { class: "mus-count-note" }, text));
  const stepping = Boolean(state.steps);
  const footer = [
    notes,
    h("p", { class: "mus-count-score" }, t("ui.count.score", { a: count.scores[0], b: count.scores[1] })),
    count.over && !(over && state.games === 1) ? h("p", { class: "mus-count-over" }, count.over) : null,
    over && state.winner ? h("p", { class: "mus-winner" }, state.winner.text) : null,
    stepping
      ? null
      : over
      ? h("button", { class: "mus-action mus-primary", type: "button", data: { key: "play-again" },
          on: { click: () => ctx.openNewGame() } }, t("ui.play_again"))
      : h("button", { class: "mus-action mus-primary", type: "button", data: { key: "next-hand" },
          disabled: ctx.waiting, on: { click: () => ctx.nextHand() } }, t("ui.next_hand")),
  ];
  return h("div", { class: "mus-count", role: "region", aria: { label: t("ui.count.title") } }, table, footer);
}
