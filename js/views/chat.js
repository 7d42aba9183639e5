// The room beside the log at a served table: the table's name, the chat (plain text: every line is set as text,
// never as markup; the teacher's lines set apart), the table's comings and goings, and a line to write in with its
// length limit shown.

import { h } from "../dom.js";

/** The room's header, one line of one height (a dropped connection takes the table's place in it, so the
 *  table under it never moves): the table, or the teacher watching it face up. */
/** @param {import("../contract.js").Ctx} ctx */
export function roomBar(ctx) {
  const { room, t } = ctx;
  if (!room || !room.table) return null;
  const watching = ctx.setup && ctx.setup.watching;
  const name = watching ? t("ui.room.watching", { table: room.table }) : t("ui.room.table", { table: room.table });
  const lost = room.link === "lost";
  // A freed seat is no dropped connection: one message, what happened and how to sit down again.
  const freed = room.link === "freed";
  const text = freed ? t("ui.error.room.freed") : lost ? t("ui.room.lost") : null;
  return h(
    "div",
    { class: ["mus-room-bar", (lost || freed) && "mus-room-lost"], data: { link: room.link }, title: text || name },
    text
      ? h("span", { class: "mus-room-link", role: freed ? "alert" : "status" }, text)
      : h("strong", { class: "mus-room-table" }, name),
  );
}

/** @param {import("../contract.js").ChatLine} line */
function lineView(line) {
  if (line.kind === "event") return h("li", { class: "mus-chat-event" }, line.text);
  const cls = ["mus-chat-line", line.mine && "mus-chat-mine", line.kind === "teacher" && "mus-chat-teacher"];
  return h(
    "li",
    { class: cls, data: { seat: line.seat } },
    h("strong", { class: "mus-chat-name" }, line.name),
    ": ",
    h("span", { class: "mus-chat-text" }, line.text),
  );
}

/** The chat panel; the draft lives in the view's own `ui`, so a push from the server never loses it. */
/** @param {import("../contract.js").Ctx} ctx */
export function chatView(ctx) {
  const { room, t, ui } = ctx;
  if (!room || !room.table) return null;
  const lines = room.chat || [];
  const max = room.max_chat || 0;
  let form = null;
  if (max > 0 && room.link !== "freed") {
    // (A freed seat is no longer the student's: nothing to write from it; the bar says how to sit down again.)
    const counter = h("span", { class: "mus-chat-count", aria: { live: "off" } },
      t("ui.room.chat.count", { n: ui.chatDraft.length, max }));
    const input = h("input", {
      class: "mus-chat-input",
      type: "text",
      maxlength: String(max),
      value: ui.chatDraft,
      placeholder: t("ui.room.chat.placeholder"),
      title: t("ui.room.chat.limit", { max }),
      data: { key: "chat-input" },
      aria: { label: t("ui.room.chat.placeholder"), description: t("ui.room.chat.limit", { max }) },
      on: {
        input: (event) => {
          ui.chatDraft = event.target.value;
          ctx.redraw();
        },
        keydown: (event) => {
          if (event.key === "Enter") {
            event.preventDefault();
            ctx.say();
          }
          event.stopPropagation();
        },
      },
    });
    form = h(
      "div",
      { class: "mus-chat-form" },
      input,
      h("button", { class: "mus-action mus-chat-send", type: "button", data: { key: "chat-send" },
        on: { click: () => ctx.say() } }, t("ui.room.chat.send")),
      counter,
    );
  }
  return h(
    "section",
    { class: "mus-chat", aria: { label: t("ui.room.chat") } },
    h("h3", { class: "mus-log-title" }, t("ui.room.chat")),
    lines.length
      ? h("ol", { class: "mus-chat-lines", tabindex: "0", data: { key: "chat" } }, lines.map(lineView))
      : h("p", { class: "mus-muted mus-chat-none" }, t("ui.room.chat.none")),
    form,
  );
}
