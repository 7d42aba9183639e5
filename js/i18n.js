// Texts come from the message catalogue synced by Python (the `messages` trait); nothing English here.

/** A catalogue text with its {placeholders} filled; the `.one` form when count is 1, as in messages.py. */
export function translate(messages, id, values = {}) {
  let key = id;
  if (values.count === 1 && messages[`${id}.one`] !== undefined) key = `${id}.one`;
  const text = messages[key];
  if (text === undefined) return id;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in values ? String(values[name]) : whole));
}

/** A translator bound to one catalogue. */
export function translator(messages) {
  return (id, values) => translate(messages || {}, id, values);
}

/** An action in canonical notation as players say it: "envido 5" → "Envido 5". */
export function actionLabel(t, action) {
  const [word, ...rest] = String(action).trim().split(/\s+/);
  if (word === "envido") return t("action.envido", { amount: rest[0] });
  if (word === "discard") return t("action.discard", { count: rest.length });
  return t(`action.${word}`);
}

/** A card's name in words: "12c" → "rey de copas". */
export function cardName(t, card) {
  const number = card.slice(0, -1);
  const suit = card.slice(-1);
  return t("ui.card.name", { number: t(`ui.card.${number}`), suit: t(`ui.suit.${suit}`) });
}
