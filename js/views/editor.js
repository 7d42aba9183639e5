// The scenario editor, an editing mode of the table (src/mus_widget/table/editing.py holds the lesson and checks
// every message). Two stages: the deal (a seat's slot, then a card of the deck; the title, mano, scores and rules
// as form controls) and the play (the felt shows the step selected, every hand face up; under it the choices of the
// seat to move; beside it the steps with their notes and branches, the scenario text, Copy and Save).

import { h, svgImage } from "../dom.js";
import { actionLabel, cardName } from "../i18n.js";
import { cardSvg, NUMBERS, SUITS } from "../cards.js";

const FLAGS = ["real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand"];

/** Whether the table shows the editor's deal panel in place of the felt. */
/** @param {import("../contract.js").Ctx} ctx */
export function dealing(ctx) {
  const editor = ctx.editor;
  return Boolean(editor.stage) && (editor.stage === "deal" || editor.dealt < 16);
}

/** The editor's header: its name, the two stages and, when a game waits behind it, the way back to it. */
/** @param {import("../contract.js").Ctx} ctx */
function editorHead(ctx) {
  const { t } = ctx;
  const editor = ctx.editor;
  const tab = (stage, label, disabled) => h("button", {
    class: ["mus-editor-tab", editor.stage === stage && "mus-editor-tab-on"], type: "button", role: "tab",
    aria: { selected: editor.stage === stage ? "true" : "false" }, data: { key: `editor-${stage}` }, disabled,
    on: { click: () => ctx.edit("stage", { stage }) },
  }, label);
  return h("div", { class: "mus-editor-head" },
    h("h3", { class: "mus-editor-heading" }, t("ui.editor.heading")),
    h("div", { class: "mus-editor-tabs", role: "tablist" },
      tab("deal", t("ui.editor.deal"), false),
      tab("play", t("ui.editor.play"), editor.dealt < 16)),
    editor.back
      ? h("button", { class: "mus-action", type: "button", data: { key: "editor-back" },
          on: { click: () => ctx.closeLesson() } }, t("ui.replay.back_to_game"))
      : null);
}

function field(label, control) {
  return h("label", { class: "mus-field" }, h("span", {}, label), control);
}

/** The lesson's title, mano, scores and rules. */
/** @param {import("../contract.js").Ctx} ctx */
function options(ctx) {
  const { t } = ctx;
  const editor = ctx.editor;
  const rules = editor.rules;
  const targets = [...new Set([30, 35, 40, rules.target])].sort((a, b) => a - b);
  const select = (key, value, choices, onChange) => h("select", { data: { key },
    on: { change: (event) => onChange(event.target.value) } },
    choices.map(([v, label]) => h("option", { value: String(v), selected: String(v) === String(value) }, label)));
  const score = (team) => h("input", { type: "number", min: "0", max: String(rules.target - 1), value: String(editor.scores[team]),
    data: { key: `editor-score-${team}` }, on: { change: (event) => {
      const scores = [...editor.scores];
      scores[team] = Number(event.target.value);
      ctx.edit("options", { scores });
    } } });
  return h("div", { class: "mus-editor-options" },
    h("label", { class: "mus-field mus-field-wide" }, h("span", {}, t("ui.editor.title")),
      h("input", { type: "text", value: editor.title, maxlength: "120", data: { key: "editor-title" },
        on: { change: (event) => ctx.edit("title", { title: event.target.value }) } })),
    field(t("ui.editor.mano"), select("editor-mano", editor.mano, [0, 1, 2, 3].map((s) => [s, editor.names[s]]),
      (v) => ctx.edit("options", { mano: Number(v) }))),
    field(t("ui.editor.score_of", { team: `${editor.names[0]}–${editor.names[2]}` }), score(0)),
    field(t("ui.editor.score_of", { team: `${editor.names[1]}–${editor.names[3]}` }), score(1)),
    // The rules fold away: a lesson mostly keeps the usual ones.
    h("div", { class: "mus-editor-rules" },
      h("button", { class: "mus-editor-fold", type: "button", data: { key: "editor-rules" },
        aria: { expanded: ctx.ui.rulesOpen ? "true" : "false" }, on: { click: () => ctx.toggleRules() } },
        `${ctx.ui.rulesOpen ? "▾" : "▸"} ${t("ui.rules")}`),
      ctx.ui.rulesOpen && h("div", { class: "mus-editor-rule-fields" },
        field(t("ui.option.target"), select("editor-target", rules.target, targets.map((n) => [n, String(n)]),
          (v) => ctx.edit("options", { rules: { target: Number(v) } }))),
        field(t("ui.option.kings"), select("editor-kings", rules.kings,
          [[8, t("ui.option.kings.8")], [4, t("ui.option.kings.4")]], (v) => ctx.edit("options", { rules: { kings: Number(v) } }))),
        FLAGS.map((flag) => h("label", { class: "mus-check" },
          h("input", { type: "checkbox", checked: Boolean(rules[flag]), data: { key: `editor-rule-${flag}` },
            on: { change: (event) => ctx.edit("options", { rules: { [flag]: event.target.checked } }) } }),
          t(`ui.option.${flag}`))))));
}

/** A card drawn small, named for assistive technology by `label`. */
function cardFace(t, card) {
  return h("span", { class: "mus-editor-face", role: "img", aria: { label: cardName(t, card) } },
    svgImage(cardSvg(card), "mus-card"));
}

/** The four seats' slots: click one to pick it (then a card of the deck goes there), a dealt one then another
 * dealt one to swap them. */
/** @param {import("../contract.js").Ctx} ctx */
function seats(ctx) {
  const { t, ui } = ctx;
  const editor = ctx.editor;
  return h("div", { class: "mus-editor-seats" }, [0, 1, 2, 3].map((seat) => h("div", {
    class: "mus-editor-seat", role: "group", aria: { label: editor.names[seat] }, data: { seat } },
    h("span", { class: "mus-editor-seat-name" }, editor.names[seat]),
    h("div", { class: "mus-editor-slots" }, editor.deal[seat].map((card, slot) => {
      const picked = ui.editorSlot && ui.editorSlot.seat === seat && ui.editorSlot.slot === slot;
      const label = card
        ? `${t("ui.editor.slot", { name: editor.names[seat], n: slot + 1 })}: ${cardName(t, card)}`
        : t("ui.editor.slot_empty", { name: editor.names[seat], n: slot + 1 });
      return h("button", { class: ["mus-editor-slot", picked && "mus-editor-picked", !card && "mus-editor-empty"],
        type: "button", aria: { label, pressed: picked ? "true" : "false" }, title: label,
        data: { key: `slot-${seat}-${slot}`, card: card || "" }, on: { click: () => ctx.pickSlot(seat, slot) } },
        card ? svgImage(cardSvg(card), "mus-card") : String(slot + 1));
    })))));
}

/** The forty cards by suit; a dealt one is marked with its seat's initial. */
/** @param {import("../contract.js").Ctx} ctx */
function deck(ctx) {
  const { t } = ctx;
  const editor = ctx.editor;
  const holder = new Map();
  editor.deal.forEach((slots, seat) => slots.forEach((card) => { if (card) holder.set(card, seat); }));
  return h("div", { class: "mus-editor-deck", role: "group", aria: { label: t("ui.editor.deck") } },
    SUITS.map((suit) => h("div", { class: "mus-editor-suit" }, NUMBERS.map((number) => {
      const card = `${number}${suit}`;
      const seat = holder.get(card);
      const dealt = seat !== undefined;
      const label = dealt ? `${cardName(t, card)} · ${editor.names[seat]}` : cardName(t, card);
      return h("button", { class: ["mus-editor-card", dealt && "mus-editor-dealt"], type: "button",
        aria: { label }, title: label, data: { key: `deck-${card}`, card },
        on: { click: () => ctx.dealCard(card) } },
        svgImage(cardSvg(card), "mus-card"),
        dealt ? h("span", { class: "mus-editor-holder", aria: { hidden: "true" } }, editor.names[seat].slice(0, 1)) : null);
    }))));
}

/** The deal stage, in place of the felt. */
/** @param {import("../contract.js").Ctx} ctx */
export function dealPanel(ctx) {
  const { t, ui } = ctx;
  const editor = ctx.editor;
  const slot = ui.editorSlot;
  const held = slot ? editor.deal[slot.seat][slot.slot] : null;
  return h("div", { class: "mus-dialog-host" },
    h("section", { class: "mus-dialog mus-editor mus-editor-dealing", role: "region", aria: { label: t("ui.editor.region") } },
      editorHead(ctx),
      options(ctx),
      h("div", { class: "mus-editor-table" },
        h("div", { class: "mus-editor-seating" },
          h("p", { class: "mus-editor-hint", aria: { live: "polite" } },
            slot ? t("ui.editor.picked", { name: editor.names[slot.seat], n: slot.slot + 1 }) : t("ui.editor.pick_slot")),
          seats(ctx),
          h("div", { class: "mus-editor-deal-bar" },
        h("span", { class: "mus-editor-dealt-count" }, t("ui.editor.dealt_count", { n: editor.dealt })),
        held
          ? h("button", { class: "mus-action", type: "button", data: { key: "editor-clear" },
              on: { click: () => ctx.edit("clear", { seat: slot.seat, slot: slot.slot }) } }, t("ui.editor.clear"))
          : null,
        h("button", { class: "mus-action", type: "button", data: { key: "editor-random" }, disabled: editor.dealt >= 16,
          on: { click: () => ctx.edit("random", {}) } }, t("ui.editor.random")),
        h("button", { class: "mus-action mus-primary", type: "button", data: { key: "editor-to-play" },
          disabled: editor.dealt < 16, on: { click: () => ctx.edit("stage", { stage: "play" }) } }, t("ui.editor.to_play")))),
        deck(ctx)),
      textBox(ctx)));
}

// ------------------------------------------------------------------------------------------------ the play

/** An action's words at a step: "South: Envido 2". */
/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").EditorStep} step */
function stepText(ctx, step) {
  const { t } = ctx;
  if (!step.action) return t("ui.editor.the_deal");
  return `${ctx.editor.names[step.seat]}: ${step.agrees ? t("ui.agree") : actionLabel(t, step.action)}`;
}

/** A step of a line as a button that selects it; its note's start beside it. */
/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").EditorStep} step @param {number | null} branch */
function stepButton(ctx, step, branch) {
  const editor = ctx.editor;
  const here = onMainLine(editor) ? branch === null : editor.line === branch;
  const on = here && editor.step === step.step && !editor.what_if;
  return h("button", { class: ["mus-editor-step", on && "mus-editor-step-on"], type: "button",
    aria: { current: on ? "step" : null }, data: { key: `step-${branch === null ? "m" : branch}-${step.step}`, step: step.step },
    on: { click: () => ctx.edit("select", { branch, step: step.step }) } },
    h("span", { class: "mus-editor-step-n" }, step.number ?? String(step.step)),
    h("span", { class: "mus-editor-step-text" }, stepText(ctx, step),
      step.note ? h("span", { class: "mus-editor-step-note" }, step.note) : null));
}

/** A branch as the stepping table names it: "What if North played Quiero?". */
/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").EditorBranch | undefined} branch */
function branchName(ctx, branch) {
  if (!branch) return "";
  const first = branch.steps[0];
  return ctx.t("ui.steps.what_if", { name: ctx.editor.names[first.seat], action: actionLabel(ctx.t, first.action) });
}

/** The main line's steps, each with its branches under it. */
/** @param {import("../contract.js").Ctx} ctx */
function stepList(ctx) {
  const { t } = ctx;
  const editor = ctx.editor;
  return h("ol", { class: "mus-editor-steps", aria: { label: t("ui.editor.steps") } },
    editor.steps.map((step) => h("li", { data: { step: step.step } },
      stepButton(ctx, step, null),
      step.branches.length
        ? h("ul", { class: "mus-editor-branches" }, step.branches.map((branch) => h("li", {
            class: "mus-editor-branch", data: { branch: branch.index } },
            h("div", { class: "mus-editor-branch-head" },
              h("span", {}, t("ui.editor.branch", { action: actionLabel(t, branch.steps[0].action) })),
              h("button", { class: "mus-close", type: "button", data: { key: `drop-branch-${branch.index}` },
                aria: { label: t("ui.editor.drop_branch") }, title: t("ui.editor.drop_branch"),
                on: { click: () => ctx.edit("drop_branch", { branch: branch.index }) } }, "×")),
            h("ol", {}, branch.steps.map((s) => h("li", {}, stepButton(ctx, s, branch.index)))))))
        : null)));
}

/** Whether the step selected is on the main line: `line` is null (undefined where the offline site's kernel,
 * Pyodide, hands a None over as undefined). */
/** @param {Partial<import("../contract.js").EditorView>} editor */
function onMainLine(editor) {
  return editor.line === null || editor.line === undefined;
}

/** The note of the step selected, written as it is typed and kept when the box is left. */
/** @param {import("../contract.js").Ctx} ctx */
function noteBox(ctx) {
  const { t } = ctx;
  const editor = ctx.editor;
  if (editor.what_if) return null;
  let label;
  if (onMainLine(editor)) label = editor.step === 0 ? t("ui.editor.note_deal") : t("ui.editor.note", { step: editor.step });
  else {
    const branch = editor.steps.flatMap((s) => s.branches).find((b) => b.index === editor.line);
    const step = branch && branch.steps.find((s) => s.step === editor.step);
    label = t("ui.editor.note_branch", { step: step ? step.number : String(editor.step), branch: branchName(ctx, branch) });
  }
  const where = { branch: editor.line, step: editor.step };
  return h("label", { class: "mus-field mus-editor-note" }, h("span", {}, label),
    h("textarea", { rows: "3", maxlength: "1000", placeholder: t("ui.editor.note_hint"), value: editor.note,
      data: { key: `note-${onMainLine(editor) ? "m" : editor.line}-${editor.step}` },
      on: { change: (event) => ctx.edit("note", { ...where, text: event.target.value }) } }));
}

/** The scenario text, read only, with Copy; the file to save it to. */
/** @param {import("../contract.js").Ctx} ctx */
function textBox(ctx) {
  const { t, ui } = ctx;
  const editor = ctx.editor;
  const copied = ui.copied === "ok" ? t("ui.editor.copied") : ui.copied === "select" ? t("ui.editor.copy_select") : "";
  return h("div", { class: "mus-editor-text" },
    h("label", { class: "mus-field mus-field-wide" }, h("span", {}, t("ui.editor.text")),
      h("textarea", { class: "mus-editor-source", readonly: true, rows: "8", spellcheck: "false",
        value: editor.text || t("ui.editor.no_text"), data: { key: "editor-text" } })),
    h("div", { class: "mus-editor-copy" },
      h("button", { class: "mus-action", type: "button", data: { key: "editor-copy" }, disabled: !editor.text,
        on: { click: () => ctx.copyText() } }, t("ui.editor.copy")),
      h("span", { class: "mus-editor-status", role: "status" }, copied)),
    h("div", { class: "mus-editor-save" },
      h("label", { class: "mus-field" }, h("span", {}, t("ui.editor.file")),
        h("input", { type: "text", value: ui.editorFile ?? editor.file, maxlength: "80", data: { key: "editor-file" },
          on: { input: (event) => { ui.editorFile = event.target.value; } } })),
      h("label", { class: "mus-check" },
        h("input", { type: "checkbox", checked: ui.overwrite, data: { key: "editor-overwrite" },
          on: { change: (event) => { ui.overwrite = event.target.checked; } } }),
        t("ui.editor.overwrite")),
      h("button", { class: "mus-action", type: "button", data: { key: "editor-save" }, disabled: !editor.text,
        on: { click: () => ctx.edit("save", { file: ui.editorFile ?? editor.file, overwrite: ui.overwrite }) } },
        t("ui.editor.save")),
      saveStatus(ctx)));
}

/** The one status line of saving: a refused save's words (in place of the banner), else where it was saved. */
/** @param {import("../contract.js").Ctx} ctx */
export function saveStatus(ctx) {
  const { t } = ctx;
  const refused = saveRefusal(ctx);
  if (refused) {
    return h("span", { class: "mus-editor-status mus-editor-refused", role: "alert", data: { error: refused.id } },
      refused.text);
  }
  return ctx.editor.saved
    ? h("span", { class: "mus-editor-status", role: "status" }, t("ui.editor.saved", { file: ctx.editor.saved })) : null;
}

/** The refusal of a save shown now, if the kernel's last refusal was one. */
/** @param {import("../contract.js").Ctx} ctx */
export function saveRefusal(ctx) {
  const { error, ui } = ctx;
  const saving = error && error.seq && ui.dismissedError !== error.seq
    && ["ui.error.editor.exists", "ui.error.editor.file"].includes(error.id);
  return saving ? error : null;
}

/** Beside the felt at the play stage: the header, the steps, the note, Undo and What if…, the text. */
/** @param {import("../contract.js").Ctx} ctx */
export function editorSide(ctx) {
  const { t } = ctx;
  const editor = ctx.editor;
  return h("section", { class: "mus-editor mus-editor-side", role: "region", aria: { label: t("ui.editor.region") } },
    editorHead(ctx),
    h("p", { class: "mus-editor-lesson-title" }, editor.title),
    editor.skipped ? h("p", { class: "mus-editor-hint" }, t("ui.editor.skipped")) : null,
    stepList(ctx),
    h("div", { class: "mus-editor-notes" },
    noteBox(ctx),
    h("div", { class: "mus-editor-line-buttons" },
      h("button", { class: "mus-action", type: "button", data: { key: "editor-undo" },
        disabled: onMainLine(editor) && editor.steps.length < 2, on: { click: () => ctx.edit("undo", {}) } },
        t("ui.editor.undo")),
      onMainLine(editor)
        ? h("button", { class: "mus-action", type: "button", data: { key: "editor-what-if" },
            disabled: editor.step < 1, aria: { pressed: editor.what_if ? "true" : "false" },
            on: { click: () => ctx.edit("what_if", { on: !editor.what_if }) } }, t("ui.editor.what_if"))
        : h("button", { class: "mus-action", type: "button", data: { key: "editor-main-line" },
            on: { click: () => ctx.edit("select", { branch: null, step: editor.steps.length - 1 }) } },
            t("ui.editor.main_line")))),
    textBox(ctx));
}

/** Under the felt: the choices of the seat to move at the step selected (any legal action, from the kernel). */
/** @param {import("../contract.js").Ctx} ctx */
export function editorTurn(ctx) {
  const { t, ui } = ctx;
  const editor = ctx.editor;
  const turn = editor.turn;
  if (editor.over) return h("p", { class: "mus-editor-over" }, t("ui.editor.over"));
  if (!turn) {
    const last = onMainLine(editor) ? editor.steps.length - 1
      : editor.steps.flatMap((s) => s.branches).find((b) => b.index === editor.line).steps.length;
    return h("div", { class: "mus-editor-turn" },
      h("p", {}, t("ui.editor.not_last", { step: editor.step })),
      h("button", { class: "mus-action", type: "button", data: { key: "editor-go-last" },
        on: { click: () => ctx.edit("select", { branch: editor.line, step: last }) } }, t("ui.editor.go_last")));
  }
  const name = editor.names[editor.mover];
  const button = (action, key = `do-${action.text}`, label = actionLabel(t, action)) => h("button", {
    class: "mus-action", type: "button", data: { key, action: action.text },
    disabled: action.text === editor.excluded, on: { click: () => ctx.edit("act", { action: action.text }) } }, label);
  let choices;
  if (turn.kind === "discard") {
    const picked = editor.hand.filter((card) => ui.editorDiscard.has(card));
    choices = [
      h("p", { class: "mus-editor-hint" }, t("ui.editor.discard_pick", { name })),
      h("div", { class: "mus-editor-discard" }, editor.hand.map((card) => h("button", {
        class: ["mus-editor-slot", ui.editorDiscard.has(card) && "mus-editor-picked"], type: "button",
        aria: { label: cardName(t, card), pressed: ui.editorDiscard.has(card) ? "true" : "false" },
        data: { key: `discard-${card}`, card }, on: { click: () => ctx.toggleDiscard(card) } },
        svgImage(cardSvg(card), "mus-card")))),
      h("button", { class: "mus-action mus-primary", type: "button", data: { key: "do-discard" }, disabled: !picked.length,
        on: { click: () => ctx.edit("act", { action: `discard ${picked.join(" ")}` }) } },
        t("action.discard", { count: picked.length })),
    ];
  } else {
    // The partner's proposal is offered as the live table words it: Agree (turn.js).
    const proposed = turn.proposed;
    choices = [
      proposed ? button(proposed, "do-agree", t("ui.agree")) : null,
      turn.choices.filter((action) => !proposed || action.text !== proposed.text).map((action) => button(action)),
      turn.raise ? amountBox(ctx, turn) : null,
      turn.kind === "bet" && turn.ordago && !(proposed && proposed.kind === "ordago")
        ? button({ kind: "ordago", text: "ordago" }) : null,
    ];
  }
  const excluded = editor.what_if && editor.excluded
    ? t("ui.editor.what_if_help", { name, action: actionLabel(t, parsed(editor.excluded)) })
    : t("ui.editor.to_move", { name });
  return h("div", { class: ["mus-editor-turn", editor.what_if && "mus-editor-what-if"] },
    h("p", { class: "mus-editor-mover" }, excluded),
    h("div", { class: "mus-actions mus-editor-choices" }, choices),
    editor.what_if
      ? h("button", { class: "mus-action", type: "button", data: { key: "editor-what-if-cancel" },
          on: { click: () => ctx.edit("what_if", { on: false }) } }, t("ui.cancel"))
      : null);
}

/** The amount of an envido as typed, and its button: the button's face follows every keystroke, and the button
 * (or Enter in the box) plays the amount in the box; an amount out of range is refused by the kernel, in words. */
/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").Turn} turn */
function amountBox(ctx, turn) {
  const { t, ui } = ctx;
  const typed = ui.editorAmount ?? String(turn.raise[0]);
  const amount = typed.trim();
  const play = () => ctx.edit("act", { action: `envido ${ui.editorAmount ?? turn.raise[0]}`.trim() });
  const action = { kind: "envido", amount: Number(amount), text: `envido ${amount}` };
  return h("span", { class: "mus-editor-envido" },
    h("input", { type: "number", min: String(turn.raise[0]), max: String(turn.raise[1]), value: typed,
      aria: { label: t("action.envido", { amount: "" }).trim() }, data: { key: "editor-amount" },
      on: {
        input: (event) => { ui.editorAmount = event.target.value; ctx.redraw(); },
        keydown: (event) => {
          if (event.key !== "Enter") return;
          event.preventDefault();
          event.stopPropagation();
          play();
        },
      } }),
    h("button", { class: "mus-action", type: "button", data: { key: "do-envido", action: action.text },
      on: { click: play } }, actionLabel(t, action)));
}

/** An action's text as the state's actions carry it ({kind, amount?, cards?, text}). */
/** @param {string} text @returns {import("../contract.js").ActionView} */
function parsed(text) {
  const [kind, ...rest] = text.split(" ");
  if (kind === "envido") return { kind, text, amount: Number(rest[0]) };
  if (kind === "discard") return { kind, text, cards: rest };
  return { kind, text };
}

/** "Make a lesson of this hand": the count's and a reopened hand's button (not at a served table). */
/** @param {import("../contract.js").Ctx} ctx @param {number | null} hand @param {number | null} game */
export function lessonButton(ctx, hand, game) {
  if (ctx.setup.served) return null;
  const { t } = ctx;
  return h("button", { class: "mus-action mus-lesson", type: "button", data: { key: "make-lesson" },
    disabled: ctx.waiting, title: t("ui.lesson.make"), on: { click: () => ctx.makeLesson(hand, game) } },
    t("ui.lesson.make"));
}
