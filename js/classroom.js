// The anywidget front end of mus_widget.Classroom, the teacher's list of served tables: each table's summary
// (drawn by Python, every text escaped there), its buttons (follow face up, free a student's seat, review a
// student's decisions) and a box that writes to everyone at the table; a student's review opened in the room;
// and the class's chat. Python checks every click; the drafts of the boxes live here, so an update never loses one.

import { draw as patch, h } from "./dom.js";
import { mountPanel } from "./mount.js";

/**
 * The intents of the list's buttons and boxes, and the view's own drafts.
 * @typedef {object} ClassroomIntents
 * @property {(content: object) => void} send
 * @property {Map<string, string>} drafts what is typed in each table's box, by table
 * @property {() => void} redraw
 * @property {string | null} notice "lost" or "snapshot" when the kernel is gone
 */

/** The box that writes to everyone at a table, and its Send button.
 * @param {import("./contract.js").ClassroomTable} table
 * @param {import("./contract.js").ClassroomState} state
 * @param {ClassroomIntents} intents */
function tellBox(table, state, intents) {
  const draft = intents.drafts.get(table.table) || "";
  const send = () => {
    const text = (intents.drafts.get(table.table) || "").trim();
    if (!text) return;
    intents.send({ type: "tell", table: table.table, text });
    intents.drafts.set(table.table, "");
    intents.redraw();
  };
  return h("div", { class: "mus-classroom-tell" },
    h("input", {
      class: "mus-classroom-tell-input", type: "text", value: draft, maxlength: String(state.max_chat),
      placeholder: table.tell, aria: { label: table.tell }, data: { table: table.table },
      on: {
        input: (event) => {
          intents.drafts.set(table.table, event.target.value);
          intents.redraw();
        },
        keydown: (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            send();
          }
          event.stopPropagation();
        },
      },
    }),
    h("button", { type: "button", class: "mus-classroom-tell-send", disabled: !draft.trim(), data: { table: table.table },
      on: { click: send } }, state.texts.send));
}

/** Free the seat: a menu of the seated students apart from the rest (at the end of the row, past a divider), and
 * the question it asks before it frees one.
 * @param {import("./contract.js").ClassroomTable} table
 * @param {import("./contract.js").ClassroomState} state
 * @param {ClassroomIntents} intents */
function freeSeat(table, state, intents) {
  const asking = intents.drafts.get(`free:${table.table}`);
  const student = table.students.find((s) => String(s.seat) === asking);
  if (student) {
    return h("div", { class: "mus-classroom-confirm", role: "group", data: { seat: student.seat } },
      h("span", {}, student.confirm),
      h("button", { type: "button", class: "mus-classroom-free-yes", data: { seat: student.seat },
        on: { click: () => {
          intents.drafts.delete(`free:${table.table}`);
          intents.send({ type: "free_seat", table: table.table, seat: student.seat });
          intents.redraw();
        } } }, state.texts["free.yes"]),
      h("button", { type: "button", class: "mus-classroom-free-no",
        on: { click: () => { intents.drafts.delete(`free:${table.table}`); intents.redraw(); } } },
      state.texts["free.no"]));
  }
  if (!table.students.length) return null;
  return h("select", { class: "mus-classroom-free", aria: { label: state.texts["free.pick"] },
    on: { change: (event) => {
      if (event.target.value !== "") intents.drafts.set(`free:${table.table}`, event.target.value);
      event.target.value = "";
      intents.redraw();
    } } },
  h("option", { value: "", selected: true }, state.texts["free.pick"]),
  table.students.map((s) => h("option", { value: String(s.seat), data: { seat: s.seat } }, s.free)));
}

/** One table of the list: its summary, then one row of buttons (Follow, a bot for the empty seat, Review by
 * name, Rematch and Archive once over, and Free the seat apart at the end) and the box that writes to it.
 * @param {import("./contract.js").ClassroomTable} table
 * @param {import("./contract.js").ClassroomState} state
 * @param {ClassroomIntents} intents */
function tableView(table, state, intents) {
  const followed = state.following === table.table;
  const buttons = [];
  if (table.followable) {
    buttons.push(followed
      ? h("button", { type: "button", class: "mus-classroom-stop", on: { click: () => intents.send({ type: "stop" }) } },
        state.texts.stop)
      : h("button", { type: "button", class: "mus-classroom-follow",
        on: { click: () => intents.send({ type: "follow", table: table.table }) } }, state.texts.follow));
  }
  if (table.seat_bot) {
    buttons.push(h("button", { type: "button", class: "mus-classroom-seat-bot mus-classroom-fix",
      data: { seat: table.open_seat },
      on: { click: () => intents.send({ type: "seat_bot", table: table.table, seat: table.open_seat }) } },
    table.seat_bot));
  }
  if (table.over) {
    buttons.push(h("button", { type: "button", class: "mus-classroom-rematch",
      on: { click: () => intents.send({ type: "rematch", table: table.table }) } }, state.texts.rematch));
    buttons.push(h("button", { type: "button", class: "mus-classroom-archive",
      on: { click: () => intents.send({ type: "archive", table: table.table }) } }, state.texts.archive));
  }
  if (table.students.length) {
    buttons.push(h("span", { class: "mus-classroom-reviews" },
      h("span", { class: "mus-classroom-muted" }, state.texts["review.short"]),
      table.students.map((student) => h("button", { type: "button", class: "mus-classroom-review",
        data: { seat: student.seat }, title: student.review, aria: { label: student.review },
        on: { click: () => intents.send({ type: "review", table: table.table, seat: student.seat }) } },
      student.name))));
  }
  const free = freeSeat(table, state, intents);
  const asking = table.students.some((s) => String(s.seat) === intents.drafts.get(`free:${table.table}`));
  return h("div", { class: ["mus-classroom-row", table.idle && "mus-classroom-row-idle",
    table.trouble && "mus-classroom-row-trouble", followed && "mus-classroom-followed"],
  key: table.table, data: { table: table.table, trouble: table.trouble ? "true" : "false" } },
  h("div", { html: table.summary }),
  h("div", { class: "mus-classroom-buttons" }, buttons),
  asking
    ? h("div", { class: "mus-classroom-tell-line" }, table.writable ? tellBox(table, state, intents) : null)
    : h("div", { class: "mus-classroom-tell-line" },
      table.writable ? tellBox(table, state, intents) : null, free),
  asking ? free : null);
}

/** The form that creates a table: its name, who it is kept for, its join code and each seat's bot.
 * @param {import("./contract.js").ClassroomState} state
 * @param {ClassroomIntents} intents */
function createForm(state, intents) {
  const get = (key, fallback = "") => intents.drafts.get(`create:${key}`) ?? fallback;
  const field = (key, label) => h("label", { class: "mus-classroom-field" },
    h("span", {}, label),
    h("input", { type: "text", value: get(key), data: { field: key }, maxlength: "200",
      on: { input: (event) => { intents.drafts.set(`create:${key}`, event.target.value); },
        keydown: (event) => event.stopPropagation() } }));
  const seats = state.seat_names.map((name, seat) => h("label", { class: "mus-classroom-field" },
    h("span", {}, name),
    h("select", { data: { field: `bot-${seat}` },
      on: { change: (event) => { intents.drafts.set(`create:bot-${seat}`, event.target.value); } } },
    state.levels.map(([level, label]) => h("option", { value: level, selected: get(`bot-${seat}`) === level },
      label)))));
  const submit = () => {
    const name = get("name").trim();
    if (!name) return;
    intents.send({ type: "create", name, kept: get("kept"), code: get("code"),
      bots: [0, 1, 2, 3].map((seat) => get(`bot-${seat}`)) });
    for (const key of ["name", "kept", "code"]) intents.drafts.delete(`create:${key}`);
    intents.redraw();
  };
  return h("details", { class: "mus-classroom-create" },
    h("summary", {}, state.texts.create),
    h("div", { class: "mus-classroom-create-fields" },
      field("name", state.texts["create.name"]), field("kept", state.texts["create.kept"]),
      field("code", state.texts["create.code"]), seats,
      h("button", { type: "button", class: "mus-classroom-create-submit", on: { click: submit } },
        state.texts["create.submit"])));
}

/** The box that writes one line to every table.
 * @param {import("./contract.js").ClassroomState} state
 * @param {ClassroomIntents} intents */
function tellAllBox(state, intents) {
  const draft = intents.drafts.get(":all") || "";
  const send = () => {
    if (!draft.trim()) return;
    intents.send({ type: "tell_all", text: draft.trim() });
    intents.drafts.set(":all", "");
    intents.redraw();
  };
  return h("div", { class: "mus-classroom-tell mus-classroom-tell-all" },
    h("input", { class: "mus-classroom-tell-all-input", type: "text", value: draft, maxlength: String(state.max_chat),
      placeholder: state.texts.tell_all, aria: { label: state.texts.tell_all },
      on: { input: (event) => { intents.drafts.set(":all", event.target.value); intents.redraw(); },
        keydown: (event) => { if (event.key === "Enter") { event.preventDefault(); send(); } event.stopPropagation(); } } }),
    h("button", { type: "button", class: "mus-classroom-tell-all-send", disabled: !draft.trim(), on: { click: send } },
      state.texts.send_all));
}

/** The archived tables, one line each with their students' review buttons.
 * @param {import("./contract.js").ClassroomState} state
 * @param {ClassroomIntents} intents */
function archivedList(state, intents) {
  if (!state.archived || !state.archived.length) return null;
  return h("details", { class: "mus-classroom-archived" },
    h("summary", {}, `${state.texts.archived} (${state.archived.length})`),
    state.archived.map((table) => h("div", { class: "mus-classroom-archived-row", key: table.table,
      data: { table: table.table } },
    h("span", { html: table.summary }),
    table.students.map((student) => h("button", { type: "button", class: "mus-classroom-review",
      data: { seat: student.seat },
      on: { click: () => intents.send({ type: "review", table: table.table, seat: student.seat }) } },
    student.review)))));
}

/** The teacher's list as it stands: a pure function of the synced traits and the view's drafts. A review opened
 * shows above the list, the tables that need the teacher first.
 * @param {import("./contract.js").ClassroomState} state
 * @param {Partial<import("./contract.js").ClassChat>} chat
 * @param {Partial<import("./contract.js").ClassroomReview>} review
 * @param {ClassroomIntents} intents */
export function classroomView(state, chat, review, intents) {
  const opened = review && review.title
    ? h("section", { class: "mus-classroom-opened", data: { table: review.table, seat: review.seat } },
      h("div", { class: "mus-classroom-opened-head" },
        review.html ? null : h("strong", {}, review.title), // the drawn review has its own title
        h("button", { type: "button", class: "mus-classroom-close-review",
          on: { click: () => intents.send({ type: "close_review" }) } }, review.close)),
      review.progress ? h("p", { class: "mus-classroom-progress", role: "status" }, review.progress) : null,
      review.html ? h("div", { class: "mus-classroom-review-html", html: review.html }) : null)
    : null;
  return [
    intents.notice ? h("p", { class: "mus-classroom-kernel", role: "alert", data: { kernel: intents.notice } },
      intents.notice === "snapshot" ? state.texts.snapshot : state.texts.kernel_lost) : null,
    h("div", { class: "mus-classroom-bar" },
      h("h3", { class: "mus-classroom-title" }, state.title),
      tellAllBox(state, intents)),
    state.lost ? h("p", { class: "mus-classroom-lost", role: "status" }, state.lost) : null,
    state.refused ? h("p", { class: "mus-classroom-refused", role: "status" }, state.refused) : null,
    state.expected ? h("p", { class: "mus-classroom-expected", role: "status" }, state.expected) : null,
    opened,
    state.none ? h("p", { class: "mus-classroom-muted" }, state.none) : null,
    h("div", { class: "mus-classroom-list" }, state.tables.map((table) => tableView(table, state, intents))),
    h("div", { class: "mus-classroom-tools" },
      h("button", { type: "button", class: "mus-classroom-results", on: { click: () => intents.send({ type: "results" }) } },
        state.texts.results),
      createForm(state, intents), archivedList(state, intents)),
    chat && chat.html ? h("div", { class: "mus-classroom-class-chat", html: chat.html }) : null,
  ].filter(Boolean);
}

/** @param {{ model: import("./contract.js").Model<import("./contract.js").ClassroomTraits>, el: HTMLElement }} props */
function render({ model: born, el }) {
  let chatLines = -1;
  const drafts = new Map();
  const mounted = mountPanel(born, el, "mus-classroom", draw);
  /** @type {import("./contract.js").Model<import("./contract.js").ClassroomTraits>} */
  const model = mounted.model;
  const { root, send } = mounted;
  function draw() {
    const state = model.get("state");
    if (!state || !state.tables) return;
    root.lang = state.language || "en";
    patch(classroomView(state, model.get("chat") || {}, model.get("review_view") || {},
      { send, drafts, redraw: draw, notice: mounted.notice() }), root);
    const chat = model.get("chat") || {};
    const lines = root.querySelector(".mus-classroom-chat-lines");
    if (lines && chat.lines !== chatLines) lines.scrollTop = lines.scrollHeight; // the newest line in sight
    chatLines = chat.lines;
  }
  mounted.listen({ "change:state": draw, "change:chat": draw, "change:review_view": draw });
  draw();
  return () => mounted.unmount();
}

export default { render };
