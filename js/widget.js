// The anywidget front end of MusTable. Each view draws the synced state (the student seat's view of the game)
// and sends intents to Python with model.send; it never decides anything about the game itself.
// View-only state (cards picked for a discard, the slider, open panels, the tips page) lives in `ui`.

import { draw as patch, frame } from "./dom.js";
import { translator } from "./i18n.js";
import { barText, decidesTheGame } from "./views/turn.js";
import { newForm, newGameMessage } from "./views/newgame.js";
import { stepFrom } from "./views/steps.js";
import { tableView } from "./views/table.js";
import { tipMoment } from "./views/tips.js";
import { mount } from "./mount.js";
import { showOnArrival } from "./arrival.js";
import { presence } from "./presence.js";

/** @typedef {import("./contract.js").TableState} TableState */
/** @typedef {import("./contract.js").Translate} Translate */

/** The view's own state, which other views of the same table do not share.
 * @returns {import("./contract.js").Ui} */
function freshUi() {
  return {
    selected: new Set(),
    amount: null,
    turnKey: "",
    senasOpen: false,
    fold: null,
    info: null,
    form: null,
    tipsClosed: "",
    tipsKey: "",
    tipPage: 0,
    dismissedError: 0,
    waitingFor: null,
    chatDraft: "",
    chatSeen: null, // how many chat lines this view has shown (room.heard then)
    faceUp: null, // the face-up box as the teacher just set it, until the kernel's state says so
    stepTo: null, // the step asked for last while stepping, until the kernel's state shows it
    confirming: null, // a game-deciding call (ordago, or quiero to one) waiting for its second step
    focus: null, // where focus goes at the next draw: TURN (the next turn's first action) or a selector
    countRow: null, // the count's row pointed at or focused: its deciding cards are lit
    note: null, // the note a tap opened (a bot's seña, a team's counters, a seña's meaning before making it): its key
    newCards: null, // the student's cards served at the last discard of this hand, marked as new
    replayTo: null, // the step of a reopened hand asked for and not shown yet: quick presses step on from it
    review: false, // the review shown in place of the table
    reviewAll: false, // the review lists every decision, not only those to learn from
    fromReview: false, // the hand on the table was reopened from the review
    editorSlot: null, // the scenario editor's slot picked for the next card of the deck
    editorDiscard: new Set(), // the cards picked for a discard in the scenario editor
    editorAmount: null, // the envido amount typed in the scenario editor
    editorKey: "", // the editor's step: the picked discard and amount reset when it changes
    editorFile: null, // the file name typed, until saved
    overwrite: false, // replace the file when saving
    copied: "", // the scenario text copied ("ok") or selected for Ctrl+C ("select")
    rulesOpen: false, // the editor's rule options unfolded
  };
}

/** `ui.focus` after a move: the next turn's first action (or the count's button), once it is there. */
const TURN = "turn";

/** What the aria-live region should say after a state change.
 * @param {Translate} t @param {TableState | null} before @param {TableState} state */
function announcement(t, before, state) {
  const lines = [];
  const sameHand = before && before.game === state.game && before.hand === state.hand && before.stage === state.stage;
  const fresh = sameHand ? state.log.slice(before.log.length) : state.log.slice(-3);
  lines.push(...fresh);
  if (state.stage === "count" && (!before || before.stage !== "count")) lines.push(t("ui.live.count"));
  if (state.winner && (!before || !before.winner)) lines.push(state.winner.text);
  if (state.turn && (!before || !before.turn || before.v !== state.v)) {
    lines.push(t("ui.live.turn", { bar: barText(t, state) }));
  }
  return lines.join(" ");
}

/** A key for the student's current decision: the slider and the picked cards reset when it changes.
 * @param {TableState} state */
function turnKey(state) {
  const turn = state.turn;
  if (!turn) return "";
  const cards = state.players[state.seat].cards || [];
  return `${state.game}|${state.hand}|${state.phase}|${cards.join(" ")}|${JSON.stringify(turn)}`;
}

/** @param {{ model: import("./contract.js").Model<import("./contract.js").TableTraits>, el: HTMLElement }} props */
function render({ model: born, el }) {
  // The shared mount: the model to read (anywidget's, or the kernel's fallback beside it), the root, the theme,
  // the kernel's watch; the table's own parts go in the root.
  const mounted = mount(born, el, {
    className: "mus-widget",
    onLost: () => noKernel("ui.kernel.lost"),
    onBack: () => {
      notice.hidden = true;
      root.classList.remove("mus-no-kernel");
    },
    onFrozen: () => noKernel("ui.kernel.snapshot"),
  });
  /** @type {import("./contract.js").Model<import("./contract.js").TableTraits>} */
  const model = mounted.model;
  const { root, watch } = mounted;
  const live = frame("div", { class: "mus-live", role: "status", "aria-live": "polite", "aria-atomic": "true" });
  const app = frame("div", { class: "mus-app-host" });
  const notice = frame("div", { class: "mus-kernel", role: "alert", hidden: true });
  root.append(live, notice, app);

  // Without a kernel nothing the table shows can change: say so at once instead of looking alive, where the
  // student just clicked (a tall table's top may be off screen), or over the felt's top before any click.
  let pointY = null;
  function placeNotice() {
    if (pointY === null || notice.hidden) return;
    const box = root.getBoundingClientRect();
    const room = Math.max(box.height - notice.offsetHeight, 0);
    notice.style.top = `${Math.round(Math.min(Math.max(pointY - box.top + 14, 0), room))}px`;
  }
  function noKernel(id) {
    const t = translator(model.get("messages"), model.get("language"));
    notice.textContent = t(id);
    notice.dataset.kernel = id === "ui.kernel.snapshot" ? "snapshot" : "lost";
    notice.hidden = false;
    root.classList.add("mus-no-kernel");
    placeNotice();
  }
  const guard = (event) => {
    pointY = event.clientY || (event.target.getBoundingClientRect ? event.target.getBoundingClientRect().bottom : null);
    placeNotice();
    if (notice.hidden && watch.check()) return;
    event.preventDefault();
    event.stopPropagation();
  };
  root.addEventListener("click", guard, true);
  root.addEventListener("keydown", (event) => {
    if (event.key === "Enter" || event.key === " ") guard(event);
  }, true);
  // A note a tap opened closes at the next tap anywhere else in the table (its own element's tap toggles it).
  root.addEventListener("click", (event) => {
    if (ui.note === null) return;
    const owner = event.target instanceof Element ? event.target.closest("[data-note]") : null;
    if (owner && owner.getAttribute("data-note") === ui.note) return;
    ui.note = null;
    draw();
  });

  const ui = freshUi();
  let shown = null; // the state last drawn
  let stepShown = ""; // the editor's step last brought into view in its list
  let freshFrom = null; // log index from which bubbles are new

  const send = (content) => model.send(content);

  function prepare(state) {
    const key = turnKey(state);
    if (key !== ui.turnKey) {
      ui.turnKey = key;
      ui.selected = new Set();
      ui.amount = null;
      ui.confirming = null;
    }
    const editor = model.get("editor") || {};
    const editorKey = editor.stage ? `${editor.line}|${editor.step}|${editor.what_if}|${editor.steps.length}` : "";
    if (editorKey !== ui.editorKey) {
      ui.editorKey = editorKey;
      ui.editorDiscard = new Set();
      ui.editorAmount = null;
      ui.copied = "";
    }
    const { key: tipKey } = tipMoment(state, ui);
    if (tipKey !== ui.tipsKey) {
      ui.tipsKey = tipKey;
      ui.tipPage = 0;
    }
  }

  // The chat's lines count as seen while its panel shows: always beside a wide table, unfolded in a narrow one.
  function markSeen(room) {
    const panel = app.querySelector(".mus-chat");
    if (ui.chatSeen === null || ui.fold === "chat" || (panel && panel.getClientRects().length > 0)) {
      ui.chatSeen = room.heard || 0;
    }
  }

  function draw() {
    const state = model.get("state");
    if (!state || !state.players) return;
    prepare(state);
    markSeen(model.get("room") || {});
    const t = translator(model.get("messages"), model.get("language"));
    const active = /** @type {HTMLElement | null} */ (document.activeElement);
    const focusKey = active && root.contains(active) && active.dataset ? active.dataset.key : null;
    /** @type {import("./contract.js").Ctx} */
    const ctx = {
      state,
      history: model.get("history") || [],
      t,
      ui,
      messages: model.get("messages") || {},
      setup: model.get("setup") || {},
      room: model.get("room") || {},
      review: model.get("decisions") || {},
      editor: model.get("editor") || {},
      tips: model.get("tips"),
      error: model.get("error"),
      waiting: ui.waitingFor !== null,
      freshFrom,
      redraw: draw,
      act(action, sure = false) {
        if (!sure && decidesTheGame(state.turn, action)) {
          // The whole game on one call: a deliberate second step (Yes), by mouse and by keyboard alike; the
          // call's own button again (a double click) only asks again.
          ui.confirming = action;
          ui.focus = '[data-key="confirm-no"]';
          draw();
          return;
        }
        ui.confirming = null;
        ui.waitingFor = state.v;
        ui.focus = TURN;
        send({ type: "act", action });
        draw();
      },
      confirm() {
        if (ui.confirming) ctx.act(ui.confirming, true);
      },
      cancelConfirm,
      nextHand() {
        ui.waitingFor = state.v;
        ui.focus = TURN;
        send({ type: "next_hand" });
        draw();
      },
      makeSena(sena) {
        ui.senasOpen = false;
        ui.note = null;
        send({ type: "sena", sena });
        draw();
      },
      say() {
        const text = ui.chatDraft.trim();
        if (!text) return;
        ui.chatDraft = "";
        send({ type: "say", text });
        draw();
      },
      toggleCard(card) {
        if (ui.selected.has(card)) ui.selected.delete(card);
        else ui.selected.add(card);
        draw();
      },
      markRow(row, leaving = null) {
        // Leaving a row clears the light only if no other row took it meanwhile.
        if (leaving !== null && ui.countRow !== leaving) return;
        if (ui.countRow === row) return;
        ui.countRow = row;
        draw();
      },
      toggleSenas() {
        ui.senasOpen = !ui.senasOpen;
        ui.note = null;
        draw();
      },
      toggleNote(key) {
        // What a mouse shows on hover, a tap shows until the next tap (on it again, or anywhere else).
        ui.note = ui.note === key ? null : key;
        draw();
      },
      toggleFold(name) {
        ui.fold = ui.fold === name ? null : name;
        draw();
      },
      toggleInfo(seat) {
        ui.info = ui.info === seat ? null : seat;
        draw();
      },
      pageTip(page) {
        ui.tipPage = page;
        draw();
      },
      closeTips(key) {
        ui.tipsClosed = key;
        draw();
      },
      setLanguage(code) {
        send({ type: "prefs", language: code });
      },
      setTips(on) {
        if (on) ui.tipsClosed = "";
        send({ type: "prefs", tips: on });
      },
      dismissError(seq) {
        ui.dismissedError = seq;
        draw();
      },
      openNewGame() {
        ui.form = newForm(model.get("setup"), {
          tips: model.get("tips"), language: model.get("language"), pace: model.get("pace"),
        });
        draw();
      },
      rematch() {
        ui.waitingFor = state.v;
        send({ type: "rematch" });
        draw();
      },
      closeNewGame() {
        ui.form = null;
        draw();
      },
      startGame() {
        const message = newGameMessage(ui.form);
        ui.form = null;
        ui.tipsClosed = "";
        send(message);
        draw();
      },
      step(to) {
        // Every press asks for a step of its own, counted from the one asked for last: the kernel takes them
        // in order, so two quick presses move two steps.
        const steps = state.steps;
        if (!steps || to < 0 || to > steps.count || to === stepFrom(steps, ui)) return;
        ui.stepTo = to;
        send({ type: "step", to });
        draw();
      },
      stepBranch(branch) {
        ui.waitingFor = state.v;
        ui.stepTo = null;
        send({ type: "step_branch", branch });
        draw();
      },
      setFaceUp(on) {
        ui.waitingFor = state.v;
        ui.faceUp = on;
        send({ type: "face_up", on });
        draw();
      },
      playOn() {
        ui.waitingFor = state.v;
        send({ type: "play_on" });
        draw();
      },
      openReplay(hand) {
        ui.replayTo = null;
        ui.focus = ".mus-replay [data-key=replay-close]";
        send({ type: "replay", hand });
      },
      replayStep(to) {
        ui.replayTo = to;
        send({ type: "replay_step", to });
        draw();
      },
      openReview() {
        ui.review = true;
        ui.focus = ".mus-review [data-key=review-close]";
        draw();
      },
      closeReview() {
        ui.review = false;
        ui.focus = "[data-key=review]";
        draw();
      },
      setReviewAll(on) {
        ui.reviewAll = on;
        draw();
      },
      openDecision(row) {
        const graded = ((model.get("decisions") || {}).rows || []).find((r) => r.row === row);
        if (!graded) return;
        ui.review = false;
        ui.fromReview = true;
        ui.replayTo = null;
        ui.focus = "[data-key=try-again]";
        send({ type: "replay", game: graded.game, hand: graded.hand, at: graded.at });
        draw();
      },
      backToReview() {
        ui.review = true;
        ui.fromReview = false;
        ui.replayTo = null;
        ui.focus = ".mus-review [data-key=review-close]";
        send({ type: "replay_close" });
        draw();
      },
      tryAgain(at) {
        ui.fromReview = false;
        ui.replayTo = null;
        ui.focus = TURN;
        ui.waitingFor = state.v;
        send({ type: "try_again", step: at });
        draw();
      },
      edit(op, values) {
        send({ type: "edit", op, ...values });
      },
      pickSlot(seat, slot) {
        const picked = ui.editorSlot;
        const deal = model.get("editor").deal;
        if (picked && picked.seat === seat && picked.slot === slot) ui.editorSlot = null;
        else if (picked && deal[picked.seat][picked.slot] && deal[seat][slot]) {
          // Two dealt cards, one after the other: they swap places.
          send({ type: "edit", op: "card", seat, slot, card: deal[picked.seat][picked.slot] });
          ui.editorSlot = null;
        } else ui.editorSlot = { seat, slot };
        draw();
      },
      dealCard(card) {
        const deal = model.get("editor").deal;
        const empty = [];
        deal.forEach((slots, s) => slots.forEach((held, i) => { if (!held) empty.push({ seat: s, slot: i }); }));
        const target = ui.editorSlot || empty[0];
        if (!target) return;
        send({ type: "edit", op: "card", seat: target.seat, slot: target.slot, card });
        // On to the next empty slot, so a deal is sixteen clicks on the deck.
        const next = empty.find((e) => e.seat * 4 + e.slot > target.seat * 4 + target.slot)
          || empty.find((e) => e.seat !== target.seat || e.slot !== target.slot);
        ui.editorSlot = next || null;
        draw();
      },
      toggleRules() {
        ui.rulesOpen = !ui.rulesOpen;
        draw();
      },
      toggleDiscard(card) {
        if (ui.editorDiscard.has(card)) ui.editorDiscard.delete(card);
        else ui.editorDiscard.add(card);
        draw();
      },
      copyText() {
        const text = model.get("editor").text;
        const select = () => {
          const box = /** @type {HTMLTextAreaElement | null} */ (app.querySelector(".mus-editor-source"));
          if (box) {
            box.focus();
            box.select();
          }
          ui.copied = "select";
          draw();
        };
        if (!navigator.clipboard || !navigator.clipboard.writeText) {
          select();
          return;
        }
        navigator.clipboard.writeText(text).then(() => {
          ui.copied = "ok";
          draw();
        }, select);
      },
      makeLesson(hand, game) {
        ui.fromReview = false;
        ui.replayTo = null;
        ui.editorSlot = null;
        send({ type: "lesson", hand, game });
      },
      closeLesson() {
        ui.focus = TURN;
        send({ type: "lesson_close" });
      },
      closeReplay() {
        ui.fromReview = false;
        ui.replayTo = null;
        ui.focus = TURN;
        ui.waitingFor = state.v;
        send({ type: "replay_close" });
        draw();
      },
    };
    // A log or chat read back stays where the reader left it; one at its bottom follows the new lines.
    const following = new Map();
    for (const lines of app.querySelectorAll(".mus-log-lines, .mus-chat-lines")) {
      following.set(lines, lines.scrollHeight - lines.scrollTop - lines.clientHeight < 4);
    }
    patch(tableView(ctx), app);
    root.lang = model.get("language") || "en";
    root.dataset.version = String(state.v);
    root.dataset.stage = state.stage;
    for (const lines of app.querySelectorAll(".mus-log-lines, .mus-chat-lines")) {
      if (following.get(lines) !== false) lines.scrollTop = lines.scrollHeight;
      // A new box (a table's first draw, a panel unfolded) may not be laid out yet: to its bottom once it is.
      if (!following.has(lines)) requestAnimationFrame(() => { lines.scrollTop = lines.scrollHeight; });
    }
    // The patch keeps the focused element where it stays; where it went, focus the same key's element or the
    // turn's first action, so the keyboard never falls out of the table.
    if (focusKey && !root.contains(document.activeElement)) {
      const again = app.querySelector(`[data-key="${CSS.escape(focusKey)}"]`);
      const fallback = app.querySelector(".mus-actions button:not([disabled]), .mus-count-foot button, .mus-dialog input");
      const target = again && !again.disabled ? again : fallback;
      if (target) target.focus({ preventScroll: true });
      else root.focus({ preventScroll: true });
    }
    showEditorStep();
    moveFocus(state);
  }

  /** The editor's step selected, brought into view in its list when it changes (a list read back is left alone). */
  function showEditorStep() {
    if (ui.editorKey === stepShown) return;
    stepShown = ui.editorKey;
    const on = /** @type {HTMLElement | null} */ (app.querySelector(".mus-editor-step-on"));
    const list = on && /** @type {HTMLElement | null} */ (on.closest(".mus-editor-steps"));
    if (!on || !list) return;
    const top = on.offsetTop - list.offsetTop;
    if (top < list.scrollTop) list.scrollTop = top;
    else if (top + on.offsetHeight > list.scrollTop + list.clientHeight) {
      list.scrollTop = top + on.offsetHeight - list.clientHeight;
    }
  }

  /** Think again about a game-deciding call: its second step goes, and focus returns to the call's button. */
  function cancelConfirm() {
    ui.focus = `.mus-actions button[data-action="${CSS.escape(ui.confirming)}"]`;
    ui.confirming = null;
    draw();
  }

  /** Where the student's last step sends focus, with a visible ring: the second step of a game-deciding call,
   * or, after a move, the next turn's first action (the table itself while the others play). Focus the student
   * put elsewhere (the chat, the notebook) is left there. */
  function moveFocus(state) {
    if (!ui.focus) return;
    const active = document.activeElement;
    const ours = !active || active === document.body || active === root
      || Boolean(active.closest && active.closest(".mus-turn, .mus-count-foot, .mus-hand-pick, .mus-replay, .mus-review"));
    if (!ours) {
      ui.focus = null;
      return;
    }
    let target = null;
    if (ui.focus !== TURN) {
      // A place the kernel's answer brings (a reopened hand's buttons) is waited for: focused once it is there.
      target = app.querySelector(ui.focus);
      if (target) ui.focus = null;
    } else if (state.turn && ui.waitingFor === null) {
      target = app.querySelector(".mus-hand-pick button, .mus-actions button:not([disabled])");
      ui.focus = null;
    } else if (state.stage === "count" && ui.waitingFor === null) {
      target = app.querySelector(".mus-count-foot button:not([disabled])");
      ui.focus = null;
    }
    if (!target) {
      if (active !== root && !root.contains(active)) root.focus({ preventScroll: true });
      return;
    }
    target.setAttribute("data-ring", "");
    target.addEventListener("blur", () => target.removeAttribute("data-ring"), { once: true });
    target.focus({ preventScroll: true });
  }

  function onState() {
    const state = model.get("state");
    const t = translator(model.get("messages"), model.get("language"));
    const before = shown;
    const sameHand = before && before.game === state.game && before.hand === state.hand;
    freshFrom = sameHand ? before.log.length : null;
    if (!sameHand) {
      ui.countRow = null;
      ui.newCards = null;
    }
    markNewCards(before, state, sameHand);
    ui.waitingFor = null;
    ui.faceUp = null;
    if (!state.replay || state.replay.index === ui.replayTo) ui.replayTo = null;
    const line = (steps) => (steps && steps.branch ? steps.branch.number : -1);
    if (!state.steps || state.steps.index === ui.stepTo || line(state.steps) !== line(before.steps)) ui.stepTo = null;
    const said = announcement(t, before, state);
    if (said) live.textContent = said;
    shown = state;
    draw();
  }

  /** The cards the postre served the student after a discard: those not in the hand before (the cards put
   * down leave it at once), kept marked until the hand ends or the next discard serves others. */
  function markNewCards(before, state, sameHand) {
    const had = sameHand && before.players[before.seat].cards;
    const has = state.players[state.seat].cards;
    if (!had || !has || before.stage !== "play" || before.phase !== "discard") return;
    const served = has.filter((card) => !had.includes(card));
    if (served.length) ui.newCards = new Set(served);
  }

  function onError() {
    ui.waitingFor = null;
    ui.faceUp = null;
    ui.replayTo = null;
    ui.stepTo = null;
    const error = model.get("error");
    if (error && error.text) live.textContent = error.text;
    draw();
  }

  root.tabIndex = -1;
  root.addEventListener("keydown", (event) => {
    const state = model.get("state");
    const steps = state && state.steps;
    const replay = state && state.replay;
    const target = event.target;
    const typing = target && /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName) && target.type !== "checkbox";
    const stepKeys = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if ((steps || replay) && Object.hasOwn(stepKeys, event.key) && !ui.form && !typing) {
      // Stepping a scenario or a reopened hand: the arrow keys step back and forward, like ◀ and ▶; Home and End
      // go to the deal and to the last step. Each press counts, from the step asked for last.
      const from = replay ? ui.replayTo ?? replay.index : stepFrom(steps, ui);
      const to = Math.min(Math.max(from + stepKeys[event.key], 0), replay ? replay.count : steps.count);
      if (to !== from) {
        if (replay) ui.replayTo = to;
        else ui.stepTo = to;
        model.send(replay ? { type: "replay_step", to } : { type: "step", to });
        draw();
      }
      event.preventDefault();
      event.stopPropagation();
      return;
    }
    if (event.key !== "Escape") return;
    if (ui.confirming) {
      event.stopPropagation();
      cancelConfirm();
      return;
    }
    if (ui.note !== null && !ui.senasOpen) {
      ui.note = null;
      event.stopPropagation();
      draw();
      return;
    }
    if (ui.form) ui.form = null;
    else if (ui.senasOpen) {
      ui.senasOpen = false;
      ui.note = null;
    } else if (ui.info !== null) ui.info = null;
    else return;
    event.stopPropagation();
    draw();
    const face = app.querySelector('[data-key="face"]');
    if (face) face.focus({ preventScroll: true });
  });

  mounted.listen({
    "change:state": onState,
    "change:error": onError,
    "change:messages": draw,
    "change:history": draw,
    "change:tips": draw,
    "change:setup": draw,
    "change:room": draw,
    "change:decisions": draw,
    "change:editor": draw,
  });
  shown = model.get("state");
  draw();
  // In the cell the student just ran, the student's cards and turn (a scenario's steps) scroll into view once,
  // with the rest of the felt and the score bar where they fit too.
  const arrived = showOnArrival(root, ".mus-widget", [".mus-bottom-area, .mus-steps", ".mus-felt", ".mus-topbar"]);
  // A student's seat at a served table: the classroom server hears from this view whether a page shows it.
  const setup = model.get("setup");
  const every = setup && setup.here_every && !mounted.watch.frozen() ? setup.here_every * 1000 : 0;
  const present = every > 0 ? presence(model, { every }) : () => {};
  return () => {
    present();
    arrived();
    mounted.unmount();
  };
}

export default { render };
