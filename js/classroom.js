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

/** One table of the list: its summary, then its buttons and its box.
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
  for (const student of table.students) {
    buttons.push(h("button", { type: "button", class: "mus-classroom-review", data: { seat: student.seat },
      on: { click: () => intents.send({ type: "review", table: table.table, seat: student.seat }) } }, student.review));
    buttons.push(h("button", { type: "button", class: "mus-classroom-free", data: { seat: student.seat },
      on: { click: () => intents.send({ type: "free_seat", table: table.table, seat: student.seat }) } }, student.free));
  }
  return h("div", { class: ["mus-classroom-row", table.idle && "mus-classroom-row-idle", followed && "mus-classroom-followed"],
    key: table.table, data: { table: table.table } },
    h("div", { html: table.summary }),
    buttons.length ? h("div", { class: "mus-classroom-buttons" }, buttons) : null,
    table.writable ? tellBox(table, state, intents) : null);
}

/** The teacher's list as it stands: a pure function of the synced traits and the view's drafts.
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
          on: { click: () => intents.send({ type: "close_review" }) } }, state.texts.close)),
      review.progress ? h("p", { class: "mus-classroom-progress", role: "status" }, review.progress) : null,
      review.html ? h("div", { class: "mus-classroom-review-html", html: review.html }) : null)
    : null;
  return [
    intents.notice ? h("p", { class: "mus-classroom-kernel", role: "alert", data: { kernel: intents.notice } },
      intents.notice === "snapshot" ? state.texts.snapshot : state.texts.kernel_lost) : null,
    h("h3", { class: "mus-classroom-title" }, state.title),
    state.lost ? h("p", { class: "mus-classroom-lost", role: "status" }, state.lost) : null,
    state.none ? h("p", { class: "mus-classroom-muted" }, state.none) : null,
    h("div", { class: "mus-classroom-list" }, state.tables.map((table) => tableView(table, state, intents))),
    opened,
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
