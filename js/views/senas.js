// The gesture overview: every seña of the catalogue as a face; hover or focus explains it, a click makes it.
// A finger cannot hover: a first tap explains it (and says a second tap makes it), a second tap makes it.

import { byTouch, h, svgImage } from "../dom.js";
import { faceSvg, SENA_IDS } from "../faces.js";

/** @param {import("../contract.js").Ctx} ctx */
export function senasOverview(ctx) {
  const { state, t, ui } = ctx;
  const honest = new Set(state.true_senas || []);
  return h(
    "div",
    { class: "mus-senas", role: "group", aria: { label: t("ui.senas.title") } },
    h("div", { class: "mus-senas-title" }, t("ui.senas.title")),
    h(
      "div",
      { class: "mus-senas-grid" },
      SENA_IDS.map((id) => {
        const gesture = t(`sena.${id}.gesture`);
        const meaning = t(`sena.${id}.meaning`);
        const isTrue = honest.has(id);
        const label = t("ui.sena.option", { gesture, meaning }) + (isTrue ? ` (${t("ui.sena.true")})` : "");
        const key = `sena-${id}`;
        const explained = ui.note === key;
        return h(
          "button",
          {
            class: ["mus-sena-option", isTrue && "mus-sena-true", explained && "mus-note-open"],
            type: "button",
            data: { key, note: key, sena: id },
            aria: { label },
            on: { click: (event) => (byTouch(event) && !explained ? ctx.toggleNote(key) : ctx.makeSena(id)) },
          },
          svgImage(faceSvg(id), "mus-face"),
          isTrue ? h("span", { class: "mus-true-mark", aria: { hidden: "true" } }, "✓") : null,
          h(
            "span",
            { class: "mus-hover-note", aria: { hidden: "true" } },
            h("strong", {}, gesture),
            h("span", {}, meaning),
            isTrue ? h("em", {}, t("ui.sena.true")) : null,
            explained ? h("em", { class: "mus-note-again" }, t("ui.sena.tap_again")) : null,
          ),
        );
      }),
    ),
  );
}
