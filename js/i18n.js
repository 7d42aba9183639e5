// Texts come from the message catalogue synced by Python (the `messages` trait); nothing English here.
// Plural forms and numbers follow the table's language through the browser's Intl, as Babel does in Python.

const plurals = new Map();
const numbers = new Map();

function pluralRules(language) {
  if (!plurals.has(language)) plurals.set(language, new Intl.PluralRules(language));
  return plurals.get(language);
}

/** A number as the language writes it: 74.5 → "74,5" in Spanish. */
export function formatNumber(language, value) {
  if (!numbers.has(language)) numbers.set(language, new Intl.NumberFormat(language, { maximumFractionDigits: 3 }));
  return numbers.get(language).format(value);
}

/** A catalogue text with its {placeholders} filled, numbers in the language's form; where `count` is given
 * and the catalogue has `<id>.<category>` for its CLDR plural category, that form. */
export function translate(messages, id, values = {}, language = "en") {
  let key = id;
  if (typeof values.count === "number") {
    const plural = `${id}.${pluralRules(language).select(values.count)}`;
    if (messages[plural] !== undefined) key = plural;
  }
  const text = messages[key];
  if (text === undefined) return id;
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    if (!(name in values)) return whole;
    const value = values[name];
    return typeof value === "number" ? formatNumber(language, value) : String(value);
  });
}

/** A translator bound to one catalogue and its language. */
export function translator(messages, language = "en") {
  return (id, values) => translate(messages || {}, id, values, language || "en");
}

/** The word of an action ({kind, amount?, cards?}, as the state carries it): envido 5 → "Envido 5"; the game's
 * words stay Spanish in every language. */
export function actionLabel(t, action) {
  if (action.kind === "envido") return t("action.envido", { amount: action.amount });
  if (action.kind === "discard") return t("action.discard", { count: action.cards.length });
  return t(`action.${action.kind}`);
}

/** The local word for an action's Spanish one ("Paso" → "Passen"), or "" where there is none. */
export function actionGloss(t, action) {
  const id = `gloss.action.${action.kind}`;
  const gloss = t(id);
  return gloss === id ? "" : gloss;
}

/** A lance's name with the local word beside it: "Grande (Groot)". */
export function lanceLabel(t, lance) {
  const word = t(`lance.${lance}`);
  const id = `gloss.lance.${lance}`;
  const gloss = t(id);
  return gloss === id ? word : t("ui.glossed", { word, gloss });
}

/** A card's name in words: "12c" → "rey de copas". */
export function cardName(t, card) {
  const number = card.slice(0, -1);
  const suit = card.slice(-1);
  return t("ui.card.name", { number: t(`ui.card.${number}`), suit: t(`ui.suit.${suit}`) });
}
