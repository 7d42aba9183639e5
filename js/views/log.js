// The table log at the side: every announcement of the hand, in order (the chat of an online room).

import { h } from "../dom.js";

/** @param {import("../contract.js").Ctx} ctx */
export function logView(ctx) {
  const { state, t } = ctx;
  return h(
    "section",
    { class: "mus-log", aria: { label: t("ui.log") } },
    h("h3", { class: "mus-log-title" }, t("ui.log")),
    h("ol", { class: "mus-log-lines", tabindex: "0", data: { key: "log" }, aria: { label: t("ui.log") } },
      state.log.map((line) => h("li", {}, line))),
  );
}
