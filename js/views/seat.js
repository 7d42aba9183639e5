// One seat at the table: name plate (markers, name, team points, face, player info), cards, pares and juego
// declarations, speech bubble. Every part keeps its room when empty, so nothing moves as the hand goes on.

import { h, svgImage } from "../dom.js";
import { cardName } from "../i18n.js";
import { backSvg, cardSvg } from "../cards.js";
import { arrowSvg, faceSvg, manoSvg, presenceSvg } from "../faces.js";
import { infoPopover } from "./info.js";

/** The four cards of a seat: face up with names, face down as one labelled group, or discard toggles. */
/** @param {import("../contract.js").Ctx} ctx @param {number} seat */
export function handView(ctx, seat) {
  const { state, t, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat;
  const discarding = mine && state.turn && state.turn.kind === "discard";
  // Keyed by the hand, so a new deal mounts new cards and their deal animation plays (once, briefly).
  const dealt = `${state.game}-${state.hand}`;
  if (!player.cards) {
    return h(
      "div",
      { key: `down-${dealt}`, class: "mus-hand mus-hand-down mus-dealt", role: "img",
        aria: { label: t("ui.cards.hidden", { name: player.name }) } },
      [0, 1, 2, 3].map(() => svgImage(backSvg(), "mus-card")),
    );
  }
  const fresh = mine && ui.newCards ? ui.newCards : new Set();
  const named = (card) => (fresh.has(card) ? t("ui.cards.new", { card: cardName(t, card) }) : cardName(t, card));
  if (discarding) {
    return h(
      "div",
      { class: "mus-hand mus-hand-pick", role: "group", aria: { label: t("ui.discard.pick") } },
      player.cards.map((card) => {
        const picked = ui.selected.has(card);
        return h(
          "button",
          {
            key: card,
            class: ["mus-card-button", picked && "mus-picked", fresh.has(card) && "mus-new-card"],
            type: "button",
            data: { key: `card-${card}`, card },
            aria: { pressed: picked ? "true" : "false", label: named(card) },
            title: t("ui.discard.card", { card: cardName(t, card) }),
            on: { click: () => ctx.toggleCard(card) },
          },
          svgImage(cardSvg(card), "mus-card"),
        );
      }),
    );
  }
  const names = player.cards.map(named);
  return h(
    "ul",
    {
      key: `up-${dealt}`,
      class: ["mus-hand", "mus-dealt", mine ? "mus-hand-mine" : "mus-hand-shown"],
      aria: { label: mine ? t("ui.cards.yours") : t("ui.cards.shown", { name: player.name, cards: names.join(", ") }) },
    },
    player.cards.map((card, i) =>
      h("li", { key: card, class: ["mus-card-slot", fresh.has(card) && "mus-new-card"], data: { card } },
        h("span", { class: "mus-card-image", role: "img", aria: { label: names[i] } },
          svgImage(cardSvg(card), "mus-card"))),
    ),
  );
}

/** The face beside a name: the student's opens the señas; a bot's shows its last seña. */
/** @param {import("../contract.js").Ctx} ctx @param {number} seat */
function faceView(ctx, seat) {
  const { state, t, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat && !state.watch;
  const ringed = player.sena && !state.watch && (seat === state.partner || mine);
  const described = player.sena
    ? t("ui.face.of", {
        name: player.name,
        gesture: t(`sena.${player.sena}.gesture`),
        meaning: t(`sena.${player.sena}.meaning`),
      })
    : t("ui.face.none", { name: player.name });
  const note = ringed ? t(mine ? "ui.sena.yours" : "ui.sena.partner") : "";
  const art = svgImage(faceSvg(player.sena), "mus-face");
  const classes = ["mus-face-wrap", ringed && "mus-ringed", player.sena && "mus-has-sena"];
  if (mine) {
    return h(
      "button",
      {
        class: [...classes, "mus-face-button"],
        type: "button",
        data: { key: "face", sena: player.sena || "" },
        aria: { expanded: ui.senasOpen ? "true" : "false", label: ui.senasOpen ? t("ui.face.close") : t("ui.face.open"),
          description: [described, note].filter(Boolean).join(". ") },
        title: described,
        on: { click: () => ctx.toggleSenas() },
      },
      art,
    );
  }
  // A bot's face: pointing at it or focusing it explains its seña; a tap (or a click) shows it until the next one.
  const key = `face-${seat}`;
  return h(
    "span",
    {
      class: [...classes, ui.note === key && "mus-note-open"],
      role: "img",
      tabindex: "0",
      data: { key, note: key, sena: player.sena || "" },
      aria: { label: [described, note].filter(Boolean).join(". ") },
      on: { click: () => ctx.toggleNote(key) },
    },
    art,
    h("span", { class: "mus-hover-note", aria: { hidden: "true" } }, described, note ? h("em", {}, note) : null),
  );
}

/** @param {import("../contract.js").Ctx} ctx @param {number} seat */
function plateView(ctx, seat) {
  const { state, t, ui } = ctx;
  const player = state.players[seat];
  const team = seat % 2;
  // Both markers keep their room on every plate (the arrow before the name, the mano's hand after it), so the
  // plate never moves when the arrow or the hand comes.
  const markers = [
    state.to_move === seat
      ? h("span", { class: "mus-arrow", role: "img", aria: { label: t("ui.to_move", { name: player.name }) } },
          svgImage(arrowSvg(), "mus-marker"))
      : h("span", { class: "mus-marker-room", aria: { hidden: "true" } }),
    state.mano === seat
      ? h("span", { class: "mus-mano", role: "img", aria: { label: t("ui.mano", { name: player.name }) } },
          svgImage(manoSvg(), "mus-marker"))
      : h("span", { class: "mus-marker-room", aria: { hidden: "true" } }),
  ];
  const human = Boolean(player.presence) && seat !== state.seat;
  const info = player.level || human
    ? h(
        "button",
        {
          class: "mus-info-button",
          type: "button",
          data: { key: `info-${seat}` },
          aria: { label: t("ui.info.of", { name: player.name }), expanded: ui.info === seat ? "true" : "false" },
          on: { click: () => ctx.toggleInfo(seat) },
        },
        "i",
      )
    : null;
  // A person's plate at a served table keeps a room for the mark of their absence (away or disconnected), so
  // the plate neither moves nor wraps when they go or come back; the words are in its label and player info.
  const absent = player.presence === "gone" || player.presence === "away";
  const presence = human
    ? absent
      ? h("span", { class: "mus-presence", role: "img", title: t(`ui.classroom.${player.presence}`),
          aria: { label: t(`ui.classroom.${player.presence}`) }, data: { presence: player.presence } },
          svgImage(presenceSvg(player.presence), "mus-marker"))
      : h("span", { class: "mus-presence mus-marker-room", aria: { hidden: "true" }, data: { presence: player.presence } })
    : null;
  return h(
    "div",
    { class: ["mus-plate", `mus-team-${team}`, player.level && "mus-bot", player.presence && "mus-human"],
      data: { presence: player.presence || "" } },
    markers[0],
    h("span", { class: "mus-name", title: player.name }, player.name),
    presence,
    // Keyed by the score, so a change mounts it again and it pops (briefly; not at all for reduced motion).
    h("span", { key: `points-${state.scores[team]}`, class: "mus-points", title: state.teams[team] }, String(state.scores[team])),
    info,
    markers[1],
  );
}

/** @param {import("../contract.js").Ctx} ctx @param {import("../contract.js").PlayerView} player */
function declarations(ctx, player) {
  const { t } = ctx;
  const out = [];
  for (const lance of ["pares", "juego"]) {
    const has = player[lance];
    if (has === null || has === undefined) continue;
    out.push(h("span", { class: ["mus-decl", has ? "mus-decl-yes" : "mus-decl-no"] },
      t(`ui.${lance}.${has ? "yes" : "no"}`)));
  }
  return out;
}

/** @param {import("../contract.js").Ctx} ctx @param {number} seat */
function bubbleView(ctx, seat) {
  const { state } = ctx;
  const bubble = state.players[seat].bubble;
  if (!bubble) return h("div", { class: "mus-bubble mus-bubble-empty", aria: { hidden: "true" } });
  const fresh = ctx.freshFrom !== null && bubble.at >= ctx.freshFrom;
  return h(
    "div",
    { class: ["mus-bubble", bubble.ask && "mus-bubble-ask", fresh && "mus-fresh"], data: { seat } },
    bubble.text,
  );
}

/** A whole seat at its place around the table ("bottom", "right", "top", "left"). */
/** @param {import("../contract.js").Ctx} ctx @param {number} seat @param {string} position */
export function seatView(ctx, seat, position) {
  const { state, ui } = ctx;
  const player = state.players[seat];
  const mine = seat === state.seat;
  return h(
    "section",
    {
      class: ["mus-seat", `mus-at-${position}`, state.to_move === seat && "mus-to-move", mine && "mus-me"],
      aria: { label: player.name },
      data: { seat, position },
    },
    plateView(ctx, seat),
    mine ? bubbleView(ctx, seat) : null,
    // The student's cards before the face in the page (Tab reaches a discard's cards first); the face shows left.
    mine
      ? h("div", { class: "mus-seat-body" }, handView(ctx, seat), faceView(ctx, seat))
      : h("div", { class: "mus-seat-body" }, faceView(ctx, seat), handView(ctx, seat)),
    mine
      ? h("div", { class: "mus-decls" }, declarations(ctx, player))
      : h("div", { class: "mus-seat-foot" }, bubbleView(ctx, seat), h("div", { class: "mus-decls" }, declarations(ctx, player))),
    ui.info === seat ? infoPopover(ctx, seat) : null,
  );
}
