// The señas drawn as faces (viewBox 40 x 40), and the table's markers: the mano's pink hand, the green
// arrow of the player to move, the red exclamation mark of the student's turn.

const SKIN = "#f6cf9f";
const LINE = "#6b4424";
const DARK = "#2e1f12";
const LIP = "#c2413a";
const TONGUE = "#f07a93";

const EYES = `<circle cx="14.5" cy="18" r="1.9" fill="${DARK}"/><circle cx="25.5" cy="18" r="1.9" fill="${DARK}"/>`;
const BROWS = `<path d="M11.5,13.2 Q14.5,11.8 17.5,13.2 M22.5,13.2 Q25.5,11.8 28.5,13.2" stroke="${DARK}" stroke-width="1.3" fill="none" stroke-linecap="round"/>`;
const CLOSED_LEFT = `<path d="M11.8,18.2 Q14.5,20.6 17.2,18.2" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
const CLOSED_RIGHT = `<path d="M22.8,18.2 Q25.5,20.6 28.2,18.2" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>`;
const NOSE = `<path d="M20,19.5 Q21.6,23.4 19.4,24" stroke="${LINE}" stroke-width="0.9" fill="none" stroke-linecap="round"/>`;

function head(features) {
  return (
    `<svg class="mus-face-art" viewBox="0 0 40 40" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<circle cx="20" cy="21" r="16" fill="${SKIN}" stroke="${LINE}" stroke-width="1.3"/>` +
    `<path d="M5.2,17 C5,7.5 12,4 20,4 C28,4 35,7.5 34.8,17 C31,11.5 27,9.8 20,10 C13,9.8 9,11.5 5.2,17 Z" fill="#5a3a22"/>` +
    features +
    `</svg>`
  );
}

const MOUTH_STRAIGHT = `<path d="M14,29 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/>`;
const MOUTH_SMILE = `<path d="M14,28 Q20,32.5 26,28" stroke="${DARK}" stroke-width="1.5" fill="none" stroke-linecap="round"/>`;
const LOWER_LIP = `<path d="M14.5,28.4 Q20,33.4 25.5,28.4 Q20,30.4 14.5,28.4 Z" fill="${LIP}"/>`;

/** The face of each seña (ids of senas.py). */
const SENA_FACES = {
  nothing: EYES + BROWS + NOSE + MOUTH_STRAIGHT,
  need_mus: CLOSED_LEFT + CLOSED_RIGHT + BROWS + NOSE + MOUTH_STRAIGHT,
  two_reyes: EYES + BROWS + NOSE + LOWER_LIP + `<rect x="17.6" y="27.2" width="4.8" height="2.6" rx="0.6" fill="#fff" stroke="${LINE}" stroke-width="0.5"/>`,
  three_reyes: EYES + BROWS + NOSE + LOWER_LIP + `<rect x="21.4" y="27" width="4.4" height="2.6" rx="0.6" fill="#fff" stroke="${LINE}" stroke-width="0.5"/>`,
  two_ases: EYES + BROWS + NOSE + `<path d="M14,28 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/>` +
    `<path d="M17,28 V31.5 Q20,35.5 23,31.5 V28 Z" fill="${TONGUE}" stroke="${LINE}" stroke-width="0.6"/>`,
  three_ases: EYES + BROWS + NOSE + `<path d="M14,28 H26" stroke="${DARK}" stroke-width="1.5" stroke-linecap="round"/>` +
    `<path d="M22,28 L24.5,31.8 Q27.6,33.6 28.2,29.6 L26,28 Z" fill="${TONGUE}" stroke="${LINE}" stroke-width="0.6"/>`,
  duples: `<circle cx="14.5" cy="18.4" r="2.4" fill="#fff" stroke="${DARK}" stroke-width="0.8"/><circle cx="25.5" cy="18.4" r="2.4" fill="#fff" stroke="${DARK}" stroke-width="0.8"/>` +
    `<circle cx="14.5" cy="18.4" r="1.2" fill="${DARK}"/><circle cx="25.5" cy="18.4" r="1.2" fill="${DARK}"/>` +
    `<path d="M10.8,11 Q14.5,7.6 18.2,11 M21.8,11 Q25.5,7.6 29.2,11" stroke="${DARK}" stroke-width="1.4" fill="none" stroke-linecap="round"/>` +
    NOSE + `<ellipse cx="20" cy="29.2" rx="3.4" ry="2" fill="${DARK}"/>`,
  medias: EYES + BROWS + NOSE +
    `<path d="M14,30 Q19,29.6 24,27 Q26,25.8 27.5,26.5" stroke="${DARK}" stroke-width="1.5" fill="none" stroke-linecap="round"/>` +
    `<path d="M27.6,23.5 Q30.6,26.5 28.2,30" stroke="${LINE}" stroke-width="1" fill="none" stroke-linecap="round"/>`,
  thirty_one: CLOSED_LEFT + `<circle cx="25.5" cy="18" r="1.9" fill="${DARK}"/>` +
    `<path d="M11.5,14 Q14.5,14.2 17.5,13 M22.5,12.6 Q25.5,11.2 28.5,12.6" stroke="${DARK}" stroke-width="1.3" fill="none" stroke-linecap="round"/>` +
    NOSE + MOUTH_SMILE,
  three_reyes_and_as: EYES + BROWS + NOSE +
    `<ellipse cx="20" cy="29" rx="2.6" ry="2.3" fill="${LIP}" stroke="#8e2420" stroke-width="0.6"/>` +
    `<ellipse cx="20" cy="29" rx="0.9" ry="0.8" fill="#8e2420"/>` +
    `<path d="M30.5,26 C30.5,24.4 32.6,24.4 32.6,26 C32.6,24.4 34.7,24.4 34.7,26 C34.7,27.6 32.6,28.8 32.6,29.6 C32.6,28.8 30.5,27.6 30.5,26 Z" fill="#e0445d"/>`,
};

const NEUTRAL = EYES + BROWS + NOSE + MOUTH_SMILE;

/** The face of a seña, or the neutral face of a player who has made none. */
export function faceSvg(senaId) {
  return head(SENA_FACES[senaId] || NEUTRAL);
}

export const SENA_IDS = Object.keys(SENA_FACES);

/** The pink hand beside the mano. */
export function manoSvg() {
  return (
    `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<path d="M7,22 C4.6,20 3.2,16.6 3.4,13.6 L3.6,11.2 C3.7,10 5.5,9.9 5.7,11.2 L6.2,13.6 L6.4,4.6 C6.5,3.2 8.4,3.2 ` +
    `8.5,4.6 L8.8,11 L9.1,2.9 C9.2,1.5 11.2,1.5 11.3,2.9 L11.5,10.8 L12,3.6 C12.1,2.2 14.1,2.2 14.2,3.6 L14.3,11.4 ` +
    `L15.2,5.8 C15.4,4.5 17.3,4.7 17.2,6 L16.8,15 C16.6,18.6 15.6,20.6 14,22 Z" fill="#ff8fc2" stroke="#b0266b" ` +
    `stroke-width="1" stroke-linejoin="round"/></svg>`
  );
}

/** A player's absence at a served table: ``gone`` (a pulled plug: disconnected), ``away`` (a bot's head: a bot
 *  plays the seat until they come back). */
export function presenceSvg(presence) {
  const art = presence === "away"
    ? `<rect x="4" y="7" width="16" height="13" rx="3" fill="#cfd8e3" stroke="#334155" stroke-width="1.4"/>` +
      `<path d="M12,7 V3.5" stroke="#334155" stroke-width="1.6"/><circle cx="12" cy="3" r="1.8" fill="#d62828"/>` +
      `<circle cx="8.8" cy="12.6" r="1.9" fill="#334155"/><circle cx="15.2" cy="12.6" r="1.9" fill="#334155"/>` +
      `<path d="M8.5,16.8 H15.5" stroke="#334155" stroke-width="1.5" stroke-linecap="round"/>`
    : `<circle cx="12" cy="12" r="11" fill="#fde2e1" stroke="#b3261e" stroke-width="1.3"/>` +
      `<path d="M5,15 H9 M15,9 H19 M9,12 L10.5,10.5 M13.5,13.5 L15,12 M10,7 L14,17" stroke="#b3261e" ` +
      `stroke-width="1.8" stroke-linecap="round" fill="none"/>`;
  return `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">${art}</svg>`;
}

/** The green arrow at the player to move. */
export function arrowSvg() {
  return (
    `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<path d="M2,9 H12 V4 L22,12 L12,20 V15 H2 Z" fill="#3ddc5a" stroke="#0d6b22" stroke-width="1.3" ` +
    `stroke-linejoin="round"/></svg>`
  );
}

/** The red exclamation mark of the student's turn. */
export function exclamationSvg() {
  return (
    `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<circle cx="12" cy="12" r="11" fill="#d62828" stroke="#7a0f0f" stroke-width="1"/>` +
    `<path d="M10.3,4.5 H13.7 L13,14 H11 Z" fill="#fff"/><circle cx="12" cy="17.6" r="1.9" fill="#fff"/></svg>`
  );
}

/** The brown question mark that brings the tips back. */
export function questionSvg() {
  return (
    `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<circle cx="12" cy="12" r="11" fill="#8a5a2b" stroke="#4b2c12" stroke-width="1"/>` +
    `<path d="M8.6,9 C8.6,5 15.4,5 15.4,9 C15.4,11.6 12.2,11.8 12.2,14.4" stroke="#fff" stroke-width="2.3" ` +
    `fill="none" stroke-linecap="round"/><circle cx="12.2" cy="18" r="1.5" fill="#fff"/></svg>`
  );
}

/** A cross: green to close a tips box, red to turn the tips off. */
export function crossSvg(colour) {
  return (
    `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<path d="M5,5 L19,19 M19,5 L5,19" stroke="${colour}" stroke-width="4" stroke-linecap="round"/></svg>`
  );
}

/** An arrow to page through the tips: -1 back, +1 forward. */
export function pageSvg(direction) {
  const d = direction < 0 ? "M15,4 L7,12 L15,20" : "M9,4 L17,12 L9,20";
  return (
    `<svg class="mus-marker-art" viewBox="0 0 24 24" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<path d="${d}" stroke="currentColor" stroke-width="3" fill="none" stroke-linecap="round" ` +
    `stroke-linejoin="round"/></svg>`
  );
}
