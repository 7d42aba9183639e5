// The count in place of the play: the four hands face up, a team's two side by side, over every lance with its
// stake, bonus and winner and why it was won (the deciding card, pares or total, the tie to the mano, the
// negada; then what the row is made of), the score, the notes; at its foot the score and Next hand (or, at the
// end of the game, who won and New game; nothing while stepping a scenario). Pointing at a lance's rows (or
// focusing them, or tapping them) lights the cards that decided it; each card carries the initials of the lances
// it decided.

import { h, svgImage } from "../dom.js";
import { cardName, lanceLabel } from "../i18n.js";
import { backSvg, cardSvg } from "../cards.js";
import { lessonButton } from "./editor.js";

/** The cards of `seat` that decide `row` (its `marks`, four lists by seat); none without a row. */
/** @param {import("../contract.js").CountRow | null} row @param {number} seat @returns {string[]} */
function marked(row, seat) {
  return row ? row.marks[seat] : [];
}

/** One hand at the count: its player (and mano), its cards, lit for the row pointed at. */
/** @param {import("../contract.js").Ctx} ctx @param {number} seat */
function countHand(ctx, seat) {
  const { state, t, ui } = ctx;
  const player = state.players[seat];
  const rows = state.count.rows;
  const lit = ui.countRow !== null && ui.countRow !== undefined ? rows[ui.countRow] : null;
  const team = seat % 2;
  const name = h("div", { class: "mus-count-name" },
    h("span", { class: "mus-name" }, player.name),
    state.mano === seat ? h("span", { class: "mus-count-mano" }, t("ui.count.mano")) : null);
  let hand;
  if (!player.cards) {
    hand = h("div", { class: "mus-count-cards mus-hand-down", role: "img",
      aria: { label: t("ui.cards.hidden", { name: player.name }) } },
      [0, 1, 2, 3].map(() => svgImage(backSvg(), "mus-card")));
  } else {
    const names = player.cards.map((card) => cardName(t, card));
    hand = h("ul", { class: "mus-count-cards", aria: { label: t("ui.cards.shown", { name: player.name, cards: names.join(", ") }) } },
      player.cards.map((card, i) => {
        const decides = rows.filter((row) => marked(row, seat).includes(card));
        const on = lit && marked(lit, seat).includes(card);
        return h("li", { class: ["mus-card-slot", lit && (on ? "mus-lit" : "mus-unlit")], data: { card } },
          h("span", { class: "mus-card-image", role: "img", aria: { label: names[i] } }, svgImage(cardSvg(card), "mus-card")),
          decides.length
            ? h("span", { class: "mus-card-marks", aria: { hidden: "true" } },
                decides.map((row) => h("span", { class: "mus-card-mark" }, lanceLabel(t, row.lance).slice(0, 1))))
            : null);
      }));
  }
  return h("section", { class: ["mus-count-hand", `mus-team-${team}`, seat === state.seat && "mus-count-mine"],
    aria: { label: player.name }, data: { seat } }, name, hand);
}

/** The four hands at the count: the student's team first, each team's two together. */
/** @param {import("../contract.js").Ctx} ctx */
export function countHands(ctx) {
  const { state } = ctx;
  const me = state.seat;
  const teams = [[me, state.partner], [(me + 1) % 4, (me + 3) % 4]];
  return h("div", { class: "mus-count-hands" },
    teams.map((seats) => h("div", { class: "mus-count-team" }, seats.map((seat) => countHand(ctx, seat)))));
}

/** @param {import("../contract.js").Ctx} ctx */
export function countView(ctx) {
  const { state, t } = ctx;
  const count = state.count;
  if (!count) return null;
  const over = state.stage === "over";
  const rows = [];
  for (const [i, row] of count.rows.entries()) {
    const ordago = row.outcome === "ordago";
    const lines = [];
    lines.push(h(
      "tr",
      { class: ["mus-count-row", !row.counted && "mus-not-counted",
        row.team !== null && row.team !== undefined && `mus-team-${row.team}`],
        data: { lance: row.lance } },
      h("th", { scope: "row" }, t(`lance.${row.lance}`), h("span", { class: "mus-gloss" }, t(`gloss.lance.${row.lance}`))),
      h("td", { class: "mus-num" }, ordago ? t("action.ordago") : String(row.stake),
        row.bonus ? h("span", { class: "mus-stake-bonus" }, ` +${row.bonus}`) : null),
      h("td", { class: "mus-num mus-col-bonus" }, row.bonus ? String(row.bonus) : "–"),
      h("td", {}, row.winner || t("ui.count.nobody")),
      h("td", { class: "mus-num" }, ordago ? "–" : row.counted ? `+${row.points}` : t("ui.count.not_counted")),
    ));
    lines.push(h("tr", { class: "mus-count-why", data: { row: i } },
      h("td", { colspan: "5" }, row.explain || row.why)));
    const point = () => ctx.markRow(i);
    const leave = () => ctx.markRow(null, i);
    // A mouse lights a row while it points at it; a finger's tap lights it (the browser then says the finger
    // left: only a mouse's leaving clears it) until a tap elsewhere takes the focus; the keyboard's focus too.
    const byMouse = (then) => (event) => { if (event.pointerType === "mouse") then(); };
    rows.push(h("tbody", { class: ["mus-count-lance", ctx.ui.countRow === i && "mus-lit"], tabindex: "0",
      data: { key: `count-row-${i}` },
      on: { pointerenter: byMouse(point), pointerleave: byMouse(leave), focus: point, blur: leave, click: point } },
      lines));
  }
  const table = count.rows.length
    ? h(
        "table",
        { class: "mus-count-table" },
        h("caption", {}, t("ui.count.title")),
        h("thead", {}, h("tr", {},
          ["ui.count.lance", "ui.count.stake", "ui.count.bonus", "ui.count.winner", "ui.count.points"].map((id) =>
            h("th", { scope: "col", class: [id === "ui.count.bonus" && "mus-col-bonus"] }, t(id))))),
        rows,
      )
    : h("p", { class: "mus-count-empty" }, t("ui.count.no_rows"));
  const notes = (count.notes || []).map((text) => h("p", { class: "mus-count-note" }, text));
  const footer = [
    notes,
    count.over && !(over && state.games === 1) ? h("p", { class: "mus-count-over" }, count.over) : null,
  ];
  return h("div", { class: "mus-count", role: "region", aria: { label: t("ui.count.title") } }, table, footer);
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
    state.steps || ctx.editor.stage
      ? null
      : h("div", { class: "mus-count-buttons" },
          over && ctx.setup.watching
            ? null
            : over
            ? h("button", { class: "mus-action mus-primary", type: "button", data: { key: "play-again" },
                // A served table has no new-game panel: the server starts a new match, same table and players.
                on: { click: () => (ctx.setup.served ? ctx.rematch() : ctx.openNewGame()) } }, t("ui.play_again"))
            : h("button", { class: "mus-action mus-primary", type: "button", data: { key: "next-hand" },
                disabled: ctx.waiting, on: { click: () => ctx.nextHand() } }, t("ui.next_hand")),
          over && ctx.review.total
            ? h("button", { class: "mus-action", type: "button", data: { key: "review-game" },
                on: { click: () => ctx.openReview() } }, t("ui.review.open_game"))
            : null,
          // The hand just counted, reopened at its count to step back through it face up (drawn first, reached
          // after Next hand).
          count ? lessonButton(ctx, null, null) : null,
          count
            ? h("button", { class: "mus-action mus-replay-hand", type: "button", data: { key: "replay-hand" },
                disabled: ctx.waiting, aria: { label: t("ui.replay.this_hand") }, title: t("ui.replay.this_hand"),
                on: { click: () => ctx.openReplay(state.hand) } }, "◀")
            : null),
  );
}
