// The gesture overview: every seña of the catalogue as a face; hover or focus explains it, a click makes it.

import { h, svgImage } from "../dom.js";
import { faceSvg, SENA_IDS } from "../faces.js";

/** @param {import("../contract.js").Ctx} ctx */
export function senasOverview(ctx) {
  const { state, t } = ctx;
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
        return h(
          "button",
          {
            class: ["mus-sena-option", isTrue && "mus-sena-true"],
            type: "button",
            data: { key: `sena-${id}`, sena: id },
            aria: { label },
            on: { click: () => ctx.makeSena(id) },
          },
          svgImage(faceSvg(id), "mus-face"),
          isTrue ? h("span", { class: "mus-true-mark", aria: { hidden: "true" } }, "✓") : null,
          h(
            "span",
            { class: "mus-hover-note", aria: { hidden: "true" } },
            h("strong", {}, gesture),
            h("span", {}, meaning),
            isTrue ? h("em", {}, t("ui.sena.true")) : null,
          ),
        );
      }),
    ),
  );
}
