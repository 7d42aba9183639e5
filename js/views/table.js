// The whole table: top bar, the felt with the four seats around it, the count over its middle, the student's
// turn slot (the same size at every moment); at the side the stepping controls and the step's note (when
// stepping a scenario), the coach, the tips box, the log and, at a served table, the chat beside it (its room
// bar over the felt); the new-game panel in place of it all. The layout follows the table's own width
// (container queries in styles.css): narrow, medium and wide.

import { h, svgImage } from "../dom.js";
import { lanceLabel } from "../i18n.js";
import { questionSvg } from "../faces.js";
import { chatView, roomBar } from "./chat.js";
import { coachView } from "./coach.js";
import { countFooter, countHands, countView } from "./count.js";
import { logView } from "./log.js";
import { newGameView } from "./newgame.js";
import { seatView } from "./seat.js";
import { senasOverview } from "./senas.js";
import { replayBar } from "./replay.js";
import { reviewButton, reviewView } from "./review.js";
import { noteView, stepsView } from "./steps.js";
import { dealPanel, dealing, editorSide, editorTurn, saveRefusal } from "./editor.js";
import { tipsView } from "./tips.js";
import { turnView } from "./turn.js";

const POSITIONS = ["bottom", "right", "top", "left"];

/** Where a seat sits on screen: the student at the bottom, the others counter-clockwise from there. */
export function positionOf(seat, student) {
  return POSITIONS[(seat - student + 4) % 4];
}

/** What a team's counters say: its points as amarracos and piedras, named with the team's name. */
/** @param {import("../contract.js").Translate} t @param {string} team @param {number} points @param {number} target */
function countersText(t, team, points, target) {
  const amarracos = Math.floor(points / 5);
  const piedras = points % 5;
  const counted = t("ui.score.counters", { points, amarracos, piedras, target, goal: Math.ceil(target / 5) });
  return t("ui.score.of_team", { team, counters: counted });
}

/** A team's points as a Mus table keeps them: amarracos (5 points each) and piedras (single points), named
 * with the team's name (each team's counters have a name of their own). */
/** @param {import("../contract.js").Translate} t @param {string} team @param {number} points @param {number} target */
export function counters(t, team, points, target) {
  const amarracos = Math.floor(points / 5);
  const piedras = points % 5;
  return h(
    "span",
    { class: "mus-counters", role: "img", aria: { label: countersText(t, team, points, target) } },
    Array.from({ length: amarracos }, () => h("span", { class: "mus-amarraco" })),
    Array.from({ length: piedras }, () => h("span", { class: "mus-piedra" })),
  );
}

/** A team's score: its name, points and counters. Pointing at the counters, focusing the score or tapping it
 * says what the counters stand for (a tap keeps it shown until the next tap). */
/** @param {import("../contract.js").Ctx} ctx @param {number} team */
function scoreView(ctx, team) {
  const { state, t, ui } = ctx;
  const key = `score-${team}`;
  const said = countersText(t, state.teams[team], state.scores[team], state.target);
  return h("span", { class: ["mus-score", `mus-team-${team}`, ui.note === key && "mus-note-open"], tabindex: "0",
    data: { team, key, note: key }, on: { click: () => ctx.toggleNote(key) } },
    h("span", { class: "mus-score-team" }, state.teams[team]),
    h("strong", { key: `score-${state.scores[team]}`, class: "mus-score-points" }, String(state.scores[team])),
    h("span", { class: "mus-score-target" }, `/ ${state.target}`),
    counters(t, state.teams[team], state.scores[team], state.target),
    h("span", { class: "mus-hover-note", aria: { hidden: "true" } }, said));
}

/** @param {import("../contract.js").Ctx} ctx */
function topBar(ctx) {
  const { state, t } = ctx;
  const scores = [0, 1].map((team) => scoreView(ctx, team));
  // The editor's deal has no game yet: its scores are the form's; the review is the game's, not the lesson's.
  if (ctx.editor.stage) {
    return h("header", { class: "mus-topbar" }, h("span", { class: "mus-title" }, "Mus"),
      dealing(ctx) ? h("span", { class: "mus-hand-info" }, ctx.editor.title) : h("span", { class: "mus-scores" }, scores));
  }
  return h(
    "header",
    { class: "mus-topbar" },
    h("span", { class: "mus-title" }, "Mus"),
    h("span", { class: "mus-hand-info" },
      h("span", { class: "mus-hand-number" }, t("ui.hand_number", { game: state.game, hand: state.hand })),
      state.games > 1
        ? h("span", { class: "mus-games" }, t("ui.games_won", {
            team_a: state.teams[0], team_b: state.teams[1], a: state.games_won[0], b: state.games_won[1] }))
        : null),
    h("span", { class: "mus-scores" }, scores),
    // A lesson's stepping table shows the lesson: no Review, tips button or New game (MusTable.from_scenario).
    ctx.setup.lesson ? null : h("span", { class: "mus-top-buttons" },
      reviewButton(ctx),
      ctx.tips
        ? null
        : h("button", { class: "mus-tips-on", type: "button", data: { key: "tips-on" },
            aria: { label: t("ui.tips.on") }, title: t("ui.tips.on"), on: { click: () => ctx.setTips(true) } },
            svgImage(questionSvg(), "mus-icon")),
      ctx.setup.served || ctx.editor.stage
        ? null
        : h("button", { class: "mus-action mus-new-game", type: "button", data: { key: "new-game" },
            on: { click: () => ctx.openNewGame() } }, t("ui.new_game"))),
  );
}

/** @param {import("../contract.js").Ctx} ctx */
function errorBanner(ctx) {
  const { error, ui, t } = ctx;
  // A refused save is said on the save's own status line (editor.js), not twice.
  if (!error || !error.seq || ui.dismissedError === error.seq || saveRefusal(ctx)) return null;
  return h(
    "div",
    { class: "mus-error", role: "alert", data: { error: error.id } },
    h("span", {}, error.text),
    h("button", { class: "mus-close", type: "button", data: { key: "error-close" },
      aria: { label: t("ui.error.dismiss") }, on: { click: () => ctx.dismissError(error.seq) } }, "×"),
  );
}

/** @param {import("../contract.js").Ctx} ctx */
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
  return h("div", { class: "mus-centre" }, parts);
}

/** The room under the student's cards, the same size at every moment: the turn's buttons, the señas, the
 *  count's score and Next hand, or who is to move. */
/** @param {import("../contract.js").Ctx} ctx */
function turnSlot(ctx) {
  const { state, t, ui } = ctx;
  let inside;
  if (ctx.editor.stage) inside = editorTurn(ctx);
  else if (state.replay) inside = replayBar(ctx);
  else if (ui.senasOpen) inside = senasOverview(ctx);
  else if (state.turn) inside = turnView(ctx);
  else if (state.count || state.stage !== "play") inside = countFooter(ctx);
  else if (state.to_move !== null && state.to_move !== undefined) {
    inside = h("p", { class: "mus-waiting-for" }, t("ui.to_move", { name: state.players[state.to_move].name }));
  }
  return h("div", { class: "mus-turn-slot" }, inside);
}

/** The side panels; in a narrow column the tips, the log and a served table's chat fold behind buttons. */
/** @param {import("../contract.js").Ctx} ctx */
function sideView(ctx) {
  const { room, t, ui } = ctx;
  if (ctx.editor.stage) return h("div", { class: "mus-side mus-side-editor" }, h("div", { class: "mus-side-inner" }, editorSide(ctx)));
  const chat = chatView(ctx);
  const fold = (name, label, unread = 0) => h("button", {
    class: ["mus-fold-button", ui.fold === name && "mus-fold-open"], type: "button", data: { key: `fold-${name}` },
    aria: { expanded: ui.fold === name ? "true" : "false", label: unread > 0 ? t("ui.room.chat.unread", { n: unread }) : null },
    on: { click: () => ctx.toggleFold(name) },
  }, label, unread > 0 ? h("span", { class: "mus-fold-unread", aria: { hidden: "true" } }, String(unread)) : null);
  const unread = room ? Math.max(0, (room.heard || 0) - (ui.chatSeen || 0)) : 0;
  const folded = (name, ...panels) => h("div", { class: ["mus-fold", `mus-fold-${name}`, ui.fold === name && "mus-unfolded"] },
    panels);
  return h("div", { class: "mus-side" },
    h("div", { class: "mus-side-inner" },
      stepsView(ctx),
      h("div", { class: "mus-folds" }, fold("tips", t("ui.fold.tips")), fold("log", t("ui.fold.log")),
        chat ? fold("chat", t("ui.room.chat"), unread) : null),
      folded("tips", noteView(ctx), coachView(ctx), tipsView(ctx)),
      folded("log", logView(ctx)),
      chat ? folded("chat", chat) : null));
}

/** The table for one state; `ctx` carries the state, the texts, the view's own UI state and the intents. */
/** @param {import("../contract.js").Ctx} ctx */
export function tableView(ctx) {
  const { state } = ctx;
  // The student's turn comes first in the page (Tab reaches its actions first; the grid and `order` place every
  // part where it shows), then the student's cards, then the others from the student's right.
  const others = [1, 2, 3].map((step) => {
    const seat = (state.seat + step) % 4;
    return seatView(ctx, seat, positionOf(seat, state.seat));
  });
  const seats = [h("div", { class: "mus-bottom-area" }, turnSlot(ctx), seatView(ctx, state.seat, "bottom")), ...others];
  // At the count the felt shows the four hands over the count's rows, and the score and Next hand under them.
  const felt = state.count
    ? h("div", { class: "mus-felt mus-counting" },
        h("div", { class: "mus-count-slot" }, state.replay ? replayBar(ctx) : countFooter(ctx),
          ctx.editor.stage ? editorTurn(ctx) : null),
        countHands(ctx), countView(ctx))
    : h("div", { class: "mus-felt" }, seats, centre(ctx));
  // The new-game panel takes the place of the table while it is open, so it is never cut off.
  const main = dealing(ctx)
    ? h("div", { class: "mus-main mus-main-dialog" }, dealPanel(ctx))
    : ctx.ui.form
    ? h("div", { class: "mus-main mus-main-dialog" }, newGameView(ctx))
    : ctx.ui.review && ctx.review.total
    ? h("div", { class: "mus-main mus-main-dialog" }, reviewView(ctx))
    : h("div", { class: "mus-main" }, felt, sideView(ctx));
  return h(
    "div",
    { class: ["mus-app", ctx.waiting && "mus-waiting", state.steps && "mus-stepping", state.replay && "mus-replaying", ctx.setup.served && "mus-served", ctx.editor.stage && "mus-editing"] },
    h("div", { class: "mus-stage" }, errorBanner(ctx), main),
    topBar(ctx),
    roomBar(ctx),
  );
}
