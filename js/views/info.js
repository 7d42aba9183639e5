// The player-info popover of a bot: name, level, seat, the team's record at this table, and, once the hands
// of the last hand were shown, why it called what it called; at a served table, of a person: who and whether here.

import { h } from "../dom.js";

/** A person at a served table: who they are and whether they are here. */
/** @param {import("../contract.js").Ctx} ctx @param {number} seat */
function humanPopover(ctx, seat) {
  const { state, t } = ctx;
  const player = state.players[seat];
  return h(
    "div",
    { class: "mus-popover mus-info mus-info-human", role: "dialog", aria: { label: t("ui.info.of", { name: player.name }) },
      data: { presence: player.presence } },
    h("div", { class: "mus-popover-head" },
      h("strong", {}, player.name),
      h("button", { class: "mus-close", type: "button", data: { key: `info-close-${seat}` },
        aria: { label: t("ui.close") }, on: { click: () => ctx.toggleInfo(seat) } }, "×")),
    h("p", { class: "mus-info-kind" }, t("ui.room.info.human")),
    h("p", {}, t("ui.info.seat", { seat: t(`seat.${seat}`) })),
    h("p", { class: "mus-info-presence" }, t(`ui.room.info.${player.presence}`)),
  );
}

/** @param {import("../contract.js").Ctx} ctx @param {number} seat */
export function infoPopover(ctx, seat) {
  const { state, t } = ctx;
  const player = state.players[seat];
  if (!player.level) return humanPopover(ctx, seat);
  const [games, won] = player.record;
  const why = player.why || [];
  return h(
    "div",
    { class: "mus-popover mus-info", role: "dialog", aria: { label: t("ui.info.of", { name: player.name }) } },
    h("div", { class: "mus-popover-head" },
      h("strong", {}, player.name),
      h("button", { class: "mus-close", type: "button", data: { key: `info-close-${seat}` },
        aria: { label: t("ui.close") }, on: { click: () => ctx.toggleInfo(seat) } }, "×")),
    h("p", {}, t("ui.info.level", { level: t(`ui.level.${player.level}`) })),
    h("p", {}, t("ui.info.seat", { seat: t(`seat.${seat}`) })),
    h("p", {}, t("ui.info.record", { games, won })),
    h("p", { class: "mus-info-why-title" }, t("ui.info.why")),
    why.length
      ? h("ul", { class: "mus-info-why" }, why.map((line) => h("li", {}, line)))
      : h("p", { class: "mus-muted" }, t("ui.info.why.none")),
  );
}
