// The tips box: the catalogue's tips for the moment of the game (the moment's own, then those of its lance);
// arrows page through them, the green X closes the box until the next moment, the red X by "Show tips?" turns
// the tips off.

import { h, svgImage } from "../dom.js";
import { crossSvg, pageSvg } from "../faces.js";

/** The catalogue ids of the tips of one moment, in order: tip.<moment>.1, tip.<moment>.2, ... */
/** @param {Record<string, string>} messages @param {string} moment */
export function tipIds(messages, moment) {
  const out = [];
  for (let n = 1; messages[`tip.${moment}.${n}`] !== undefined; n += 1) out.push(`tip.${moment}.${n}`);
  return out;
}

/** The moments the tips box speaks about (the most pressing first), and a key that changes when a new box
 *  should open. */
/** @param {import("../contract.js").TableState} state @param {import("../contract.js").Ui} ui */
export function tipMoment(state, ui) {
  const moments = ui.senasOpen ? ["senas"] : state.tips || [state.moment];
  const moment = moments[0] || state.moment;
  const turn = state.turn ? state.turn.kind : "";
  return {
    moment,
    moments,
    key: `${moments.join("+")}|${state.game}|${state.hand}|${state.phase}|${state.stage}|${turn}`,
  };
}

/** @param {import("../contract.js").Ctx} ctx */
export function tipsView(ctx) {
  const { t, ui, messages } = ctx;
  if (!ctx.tips) return null;
  const { moment, moments, key } = tipMoment(ctx.state, ui);
  if (ui.tipsClosed === key) return null;
  const ids = moments.flatMap((m) => tipIds(messages, m));
  if (!ids.length) return null;
  const page = Math.min(ui.tipPage, ids.length - 1);
  const turnPage = (step) => ctx.pageTip((page + step + ids.length) % ids.length);
  return h(
    "aside",
    { class: "mus-tips", aria: { label: t("ui.tips.title", { page: page + 1, pages: ids.length }) },
      data: { moment } },
    h("div", { class: "mus-tips-head" },
      h("button", { class: "mus-tip-page", type: "button", data: { key: "tip-prev" },
        aria: { label: t("ui.tips.previous") }, on: { click: () => turnPage(-1) } }, svgImage(pageSvg(-1), "mus-icon")),
      h("span", { class: "mus-tips-count" }, t("ui.tips.title", { page: page + 1, pages: ids.length })),
      h("button", { class: "mus-tip-page", type: "button", data: { key: "tip-next" },
        aria: { label: t("ui.tips.next") }, on: { click: () => turnPage(1) } }, svgImage(pageSvg(1), "mus-icon")),
      h("button", { class: "mus-tip-close", type: "button", data: { key: "tip-close" },
        aria: { label: t("ui.tips.close") }, on: { click: () => ctx.closeTips(key) } },
        svgImage(crossSvg("#2e9e44"), "mus-icon"))),
    h("p", { class: "mus-tip-text", aria: { live: "polite" }, data: { tip: ids[page] } }, t(ids[page])),
    h("div", { class: "mus-tips-foot" },
      h("label", { class: "mus-tips-ask" },
        h("input", { type: "checkbox", checked: true, data: { key: "tips-ask" },
          on: { change: (event) => ctx.setTips(event.target.checked) } }),
        t("ui.tips.ask")),
      h("button", { class: "mus-tips-off", type: "button", data: { key: "tips-off" },
        aria: { label: t("ui.tips.off") }, title: t("ui.tips.off"), on: { click: () => ctx.setTips(false) } },
        svgImage(crossSvg("#d62828"), "mus-icon"))),
  );
}
