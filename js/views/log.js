// The table log at the side: the game's earlier hands (a heading for each, its announcements, its count), then
// every announcement of the hand on the table, then, while its count is open, that count's lines.

import { h } from "../dom.js";

const KIND_CLASS = { hand: "mus-log-hand", count: "mus-log-count", event: "mus-log-earlier" };

/** A line of an earlier hand; its heading reopens the hand (`open`), unless the table is stepping a scenario or a
 * teacher watches it face up. */
function line(item, open, t) {
  if (item.kind === "hand" && open) {
    return h("li", { class: KIND_CLASS.hand },
      h("button", { class: "mus-log-replay", type: "button", data: { key: `replay-${item.hand}` },
        title: t("ui.replay.open", { hand: item.hand }), on: { click: () => open(item.hand) } }, "◀ ", item.text));
  }
  return h("li", { class: KIND_CLASS[item.kind] }, item.text);
}

/** @param {import("../contract.js").Ctx} ctx */
export function logView(ctx) {
  const { state, t } = ctx;
  const counted = (state.count && state.count.lines) || [];
  return h(
    "section",
    { class: "mus-log", aria: { label: t("ui.log") } },
    h("h3", { class: "mus-log-title" }, t("ui.log")),
    h("ol", { class: "mus-log-lines", tabindex: "0", data: { key: "log" }, aria: { label: t("ui.log") } },
      ctx.history.map((item) => line(item, state.steps || state.watch ? null : ctx.openReplay, t)),
      state.log.map((text) => h("li", {}, text)),
      counted.map((item) => line(item, null, t))),
  );
}
