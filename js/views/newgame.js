// The new-game panel: names and bot levels by seat, the student's seat, the rules, tips, language, bot
// speed and seed. Start sends one "new_game" intent; Python checks every option.

import { h } from "../dom.js";

const FLAGS = ["real_31", "team_consent", "negadas_at_count", "mus_corrido_first_hand"];

/** The form's starting values, from the table's current options. */
/** @param {import("../contract.js").Setup} setup @param {{tips: boolean, language: string, pace: number}} prefs @returns {import("../contract.js").NewGameForm} */
export function newForm(setup, prefs) {
  return {
    seat: setup.seat,
    names: [...setup.names],
    bots: setup.bots.map((level) => level || "novice"),
    rules: { ...setup.rules },
    tips: prefs.tips,
    coach: Boolean(setup.coach),
    language: prefs.language,
    pace: prefs.pace,
    seed: "",
  };
}

/** The intent the form sends. */
/** @param {import("../contract.js").NewGameForm} form */
export function newGameMessage(form) {
  const seed = String(form.seed).trim();
  return {
    type: "new_game",
    seat: form.seat,
    names: form.names,
    bots: form.bots.map((level, seat) => (seat === form.seat ? null : level)),
    rules: form.rules,
    tips: form.tips,
    coach: form.coach,
    language: form.language,
    pace: form.pace,
    seed: seed === "" ? null : /^\d+$/.test(seed) ? Number(seed) : seed,
  };
}

function field(label, control, wide) {
  return h("label", { class: ["mus-field", wide && "mus-field-wide"] }, h("span", {}, label), control);
}

function select(key, value, options, onChange) {
  return h(
    "select",
    { data: { key }, on: { change: (event) => onChange(event.target.value) } },
    options.map(([v, label]) => h("option", { value: String(v), selected: String(v) === String(value) }, label)),
  );
}

/** @param {import("../contract.js").Ctx} ctx */
export function newGameView(ctx) {
  const { t, ui, setup } = ctx;
  const form = ui.form;
  const seatName = (s) => t(`seat.${s}`);
  const players = [0, 1, 2, 3].map((s) =>
    h("div", { class: "mus-form-player" },
      field(t("ui.name_at", { seat: seatName(s) }), h("input", {
        type: "text", value: form.names[s], maxlength: "24", data: { key: `name-${s}` },
        on: { input: (event) => { form.names[s] = event.target.value; } },
      })),
      s === form.seat
        ? h("span", { class: "mus-form-you" }, t("ui.form.you"))
        : field(t("ui.level_at", { seat: seatName(s) }), select(`level-${s}`, form.bots[s],
          setup.levels.map((level) => [level, t(`ui.level.${level}`)]), (v) => { form.bots[s] = v; }))));
  const flags = FLAGS.map((flag) =>
    h("label", { class: "mus-check" },
      h("input", { type: "checkbox", checked: Boolean(form.rules[flag]), data: { key: `rule-${flag}` },
        on: { change: (event) => { form.rules[flag] = event.target.checked; } } }),
      t(`ui.option.${flag}`)));
  return h(
    "div",
    { class: "mus-dialog-host" },
    h(
      "div",
      { class: "mus-dialog", role: "dialog", aria: { label: t("ui.new_game.title") } },
      h("h3", {}, t("ui.new_game.title")),
      h("fieldset", {}, h("legend", {}, t("ui.players")),
        field(t("ui.option.seat"), select("seat", form.seat, [0, 1, 2, 3].map((s) => [s, seatName(s)]), (v) => {
          form.seat = Number(v);
          ctx.redraw();
        })),
        players),
      h("fieldset", {}, h("legend", {}, t("ui.rules")),
        field(t("ui.option.target"), select("target", form.rules.target,
          setup.targets.map((n) => [n, String(n)]), (v) => { form.rules.target = Number(v); })),
        field(t("ui.option.kings"), select("kings", form.rules.kings,
          [[8, t("ui.option.kings.8")], [4, t("ui.option.kings.4")]], (v) => { form.rules.kings = Number(v); })),
        field(t("ui.option.games"), select("games", form.rules.games,
          [[1, t("ui.option.games.1")], [3, t("ui.option.games.3")]], (v) => { form.rules.games = Number(v); })),
        flags),
      h("fieldset", {}, h("legend", {}, t("ui.table_options")),
        h("label", { class: "mus-check" },
          h("input", { type: "checkbox", checked: form.tips, data: { key: "form-tips" },
            on: { change: (event) => { form.tips = event.target.checked; } } }),
          t("ui.option.tips")),
        h("label", { class: "mus-check" },
          h("input", { type: "checkbox", checked: form.coach, data: { key: "form-coach" },
            on: { change: (event) => { form.coach = event.target.checked; } } }),
          t("ui.option.coach")),
        field(t("ui.option.language"), select("language", form.language, setup.languages, (v) => {
          // The language switches the whole table at once, mid-game too; the rest waits for Start.
          form.language = v;
          ctx.setLanguage(v);
        })),
        field(t("ui.option.pace"), select("pace", form.pace,
          setup.paces.map(([name, seconds]) => [seconds, t(`ui.pace.${name}`)]), (v) => { form.pace = Number(v); })),
        field(t("ui.option.seed"), h("input", {
          type: "text", inputmode: "numeric", value: form.seed, data: { key: "seed" },
          on: { input: (event) => { form.seed = event.target.value; } },
        }), true)),
      h("div", { class: "mus-dialog-buttons" },
        h("button", { class: "mus-action", type: "button", data: { key: "cancel" },
          on: { click: () => ctx.closeNewGame() } }, t("ui.cancel")),
        h("button", { class: "mus-action mus-primary", type: "button", data: { key: "start" },
          on: { click: () => ctx.startGame() } }, t("ui.start"))),
    ),
  );
}
