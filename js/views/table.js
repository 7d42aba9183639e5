// The whole table: top bar, the felt with the four seats around it, the count in the middle, the student's
// turn panel; at the side the stepping controls and the step's note (when stepping a scenario), the coach, the
// tips box, the log and, at a served table, the chat; the new-game panel over it all.

import { h, svgImage } from "../dom.js";
import { lanceLabel } from "../i18n.js";
import { questionSvg } from "../faces.js";
import { chatView, roomBar } from "./chat.js";
import { coachView } from "./coach.js";
import { countView } from "./count.js";
import { logView } from "./log.js";
import { newGameView } from "./newgame.js";
import { seatView } from "./seat.js";
import { noteView, stepsView } from "./steps.js";
import { tipsView } from "./tips.js";
import { turnView } from "./turn.js";

const POSITIONS = ["bottom", "right", "top", "left"];

/** Where a seat sits on screen: the student at the bottom, the others counter-clockwise from there. */
export function positionOf(seat, student) {
  return POSITIONS[(seat - student + 4) % 4];
}

function topBar(ctx) {
  const { state, t } = ctx;
  const scores = [0, 1].map((team) =>
    h("span", { class: ["mus-score", `mus-team-${team}`], data: { team } },
      h("span", { class: "mus-score-team" }, state.teams[team]),
      h("strong", {}, String(state.scores[team])),
      h("span", { class: "mus-score-target" }, `/ ${state.target}`)));
  return h(
    "header",
    { class: "mus-topbar" },
    h("span", { class: "mus-title" }, "Mus"),
    h("span", { class: "mus-hand-number" }, t("ui.hand_number", { game: state.game, hand: state.hand })),
    state.games > 1
      ? h("span", { class: "mus-games" }, t("ui.games_won", { a: state.games_won[0], b: state.games_won[1] }))
      : null,
    h("span", { class: "mus-scores" }, scores),
    h("span", { class: "mus-top-buttons" },
      ctx.tips
        ? null
        : h("button", { class: "mus-tips-on", type: "button", data: { key: "tips-on" },
            aria: { label: t("ui.tips.on") }, title: t("ui.tips.on"), on: { click: () => ctx.setTips(true) } },
            svgImage(questionSvg(), "mus-icon")),
      ctx.setup.served
        ? null
        : h("button", { class: "mus-action mus-new-game", type: "button", data: { key: "new-game" },
            on: { click: () => ctx.openNewGame() } }, t("ui.new_game"))),
  );
}

function errorBanner(ctx) {
  const { error, ui, t } = ctx;
  if (!error || !error.seq || ui.dismissedError === error.seq) return null;
  return h(
    "div",
    { class: "mus-error", role: "alert", data: { error: error.id } },
    h("span", {}, error.text),
    h("button", { class: "mus-close", type: "button", data: { key: "error-close" },
      aria: { label: t("ui.error.dismiss") }, on: { click: () => ctx.dismissError(error.seq) } }, "×"),
  );
}

function centre(ctx) {
  const { state, t } = ctx;
  const bet = state.bet;
  const parts = [];
  if (bet) {
    const lance = lanceLabel(t, bet.lance);
    const text = bet.ordago
      ? t("ui.bar.ordago", { lance })
      : bet.stake ? t("ui.bar.stake", { lance, stake: bet.stake }) : t("ui.bar.open", { lance });
    parts.push(h("div", { class: ["mus-centre-bet", bet.ordago && "mus-ordago"] }, text));
  } else if (state.stage === "play" && (state.phase === "mus" || state.phase === "discard")) {
    parts.push(h("div", { class: "mus-centre-bet" }, t(state.phase === "mus" ? "action.mus" : "ui.discard.pick")));
  }
  if (state.last) parts.push(h("div", { class: "mus-centre-last" }, t("ui.last_lance", { text: state.last })));
  if (state.stage === "over" && state.winner && !state.count) {
    parts.push(h("div", { class: "mus-winner" }, state.winner.text));
  }
  return h("div", { class: "mus-centre" }, parts);
}

/** The table for one state; `ctx` carries the state, the texts, the view's own UI state and the intents. */
export function tableView(ctx) {
  const { state } = ctx;
  const seats = [0, 1, 2, 3].map((seat) => {
    const position = positionOf(seat, state.seat);
    const view = seatView(ctx, seat, position);
    if (position === "bottom") {
      return h("div", { class: "mus-bottom-area" }, view, turnView(ctx));
    }
    return view;
  });
  const count = countView(ctx);
  // The new-game panel takes the place of the table while it is open, so it is never cut off.
  const main = ctx.ui.form
    ? newGameView(ctx)
    : h("div", { class: "mus-main" },
        h("div", { class: ["mus-felt", count && "mus-counting"] }, seats, count || centre(ctx)),
        h("div", { class: "mus-side" }, stepsView(ctx), noteView(ctx), coachView(ctx), tipsView(ctx), logView(ctx), chatView(ctx)));
  return h(
    "div",
    { class: ["mus-app", ctx.waiting && "mus-waiting", state.steps && "mus-stepping"] },
    topBar(ctx),
    roomBar(ctx),
    errorBanner(ctx),
    main,
  );
}
