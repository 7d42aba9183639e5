// The 40 Spanish cards and the card back, drawn as SVG (viewBox 64 x 100). No images, no network.
// A card is named in the canonical notation: number then suit letter ("12o", "3c", "7e", "1b").

export const SUITS = ["o", "c", "e", "b"];
export const NUMBERS = [1, 2, 3, 4, 5, 6, 7, 10, 11, 12];

/** Ink of each suit: numbers and frame lines. */
export const INK = { o: "#a26a00", c: "#b3261e", e: "#1f5a99", b: "#2f7432" };

const GOLD = "#f0b93a";
const GOLD_DARK = "#96610a";
const SKIN = "#f4d3b0";
const SKIN_LINE = "#8c5a36";

// ------------------------------------------------------------------------------------------ suit symbols
// Each is drawn around (0, 0) in a box of about 20 x 20 units.

function oro() {
  let rays = "";
  for (let i = 0; i < 12; i += 1) {
    const a = (i * Math.PI) / 6;
    const x = (7.9 * Math.cos(a)).toFixed(2);
    const y = (7.9 * Math.sin(a)).toFixed(2);
    rays += `<circle cx="${x}" cy="${y}" r="0.75" fill="${GOLD_DARK}"/>`;
  }
  return (
    `<circle r="9.6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="1.3"/>` +
    `<circle r="6.6" fill="#f7d277" stroke="${GOLD_DARK}" stroke-width="0.8"/>` +
    rays +
    `<path d="M0,-4.2 L1.3,-1.3 L4.2,0 L1.3,1.3 L0,4.2 L-1.3,1.3 L-4.2,0 L-1.3,-1.3 Z" fill="#d2501f"/>` +
    `<circle r="1.3" fill="${GOLD}"/>`
  );
}

function copa() {
  return (
    `<path d="M-8,-7.6 H8 C8,-0.5 4.6,2.2 1.7,3 V5.6 C3.6,6.1 5.4,7.3 6,9.6 H-6 C-5.4,7.3 -3.6,6.1 -1.7,5.6 V3 ` +
    `C-4.6,2.2 -8,-0.5 -8,-7.6 Z" fill="#cf3a2b" stroke="#6e1710" stroke-width="1"/>` +
    `<rect x="-8.9" y="-9.9" width="17.8" height="2.6" rx="1.1" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.7"/>` +
    `<path d="M-7.2,-3.4 H7.2" stroke="${GOLD}" stroke-width="1.4"/>` +
    `<circle cy="-3.4" r="1.3" fill="#2d7fc1" stroke="${GOLD_DARK}" stroke-width="0.5"/>` +
    `<rect x="-6.3" y="8.6" width="12.6" height="1.6" rx="0.6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.5"/>`
  );
}

function espada() {
  return (
    `<path d="M0,-11 L2.1,-7.6 V3.6 H-2.1 V-7.6 Z" fill="#dbe4ee" stroke="#1f4f86" stroke-width="0.9"/>` +
    `<path d="M0,-8.4 V3" stroke="#7d9cc0" stroke-width="0.6"/>` +
    `<path d="M-7,3.4 C-3,5.6 3,5.6 7,3.4 L7.2,5.4 C3,7.6 -3,7.6 -7.2,5.4 Z" fill="${GOLD}" stroke="${GOLD_DARK}" ` +
    `stroke-width="0.7"/>` +
    `<rect x="-1.2" y="6.4" width="2.4" height="3.4" fill="#1f5a99"/>` +
    `<circle cy="10.6" r="1.5" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.6"/>`
  );
}

function basto() {
  return (
    `<path d="M-1.9,10.4 C-2.8,4.2 -4.9,-1.8 -4.5,-7 C-4.1,-11.2 4.3,-11.2 4.8,-7 C5.2,-1.8 3,4.2 2,10.4 Z" ` +
    `fill="#9a6a38" stroke="#4b2c12" stroke-width="1"/>` +
    `<path d="M-2.6,-8.4 C-1.6,-9.6 1.4,-9.6 2.6,-8.4" stroke="#c79a62" stroke-width="0.9" fill="none"/>` +
    `<ellipse cx="-3.1" cy="-3.2" rx="1.5" ry="1.1" fill="#5b3716"/>` +
    `<ellipse cx="3.3" cy="-5.2" rx="1.3" ry="1" fill="#5b3716"/>` +
    `<ellipse cx="-2.1" cy="3.4" rx="1" ry="0.8" fill="#5b3716"/>` +
    `<ellipse cx="2.4" cy="1" rx="1" ry="0.8" fill="#5b3716"/>` +
    `<path d="M3.6,-9.2 C6.2,-11.6 8.2,-10.4 8.6,-8.6 C6.6,-8.2 5,-8.2 3.6,-9.2 Z" fill="#4e9a3c" stroke="#2b5f1f" ` +
    `stroke-width="0.5"/>`
  );
}

const SYMBOL = { o: oro, c: copa, e: espada, b: basto };

/** One suit symbol at (x, y), scaled. */
export function pip(suit, x, y, scale = 1, rotate = 0) {
  const turn = rotate ? ` rotate(${rotate})` : "";
  return `<g transform="translate(${x} ${y}) scale(${scale})${turn}">${SYMBOL[suit]()}</g>`;
}

// Where the pips of 1 to 7 go (centres), inside the frame and clear of the corner numbers.
const LAYOUT = {
  1: [[32, 50]],
  2: [[32, 28], [32, 72]],
  3: [[32, 25], [32, 50], [32, 75]],
  4: [[21, 29], [43, 29], [21, 71], [43, 71]],
  5: [[21, 27], [43, 27], [32, 50], [21, 73], [43, 73]],
  6: [[21, 26], [43, 26], [21, 50], [43, 50], [21, 74], [43, 74]],
  7: [[20, 24], [44, 24], [32, 38], [20, 55], [44, 55], [20, 77], [44, 77]],
};
const PIP_SCALE = { 1: 1.9, 2: 1.05, 3: 0.95, 4: 0.92, 5: 0.88, 6: 0.82, 7: 0.74 };

// ------------------------------------------------------------------------------------------ figures

function crown(y) {
  return (
    `<path d="M24.5,${y} L25.6,${y - 6} L28.6,${y - 2.6} L32,${y - 7.4} L35.4,${y - 2.6} L38.4,${y - 6} ` +
    `L39.5,${y} Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width="0.8"/>` +
    `<circle cx="32" cy="${y - 7.6}" r="0.9" fill="#cf3a2b"/>`
  );
}

function face(cx, cy, r, beard) {
  const b = beard
    ? `<path d="M${cx - r * 0.85},${cy + r * 0.2} C${cx - r * 0.7},${cy + r * 1.9} ${cx + r * 0.7},${cy + r * 1.9} ` +
      `${cx + r * 0.85},${cy + r * 0.2} C${cx + r * 0.4},${cy + r * 0.9} ${cx - r * 0.4},${cy + r * 0.9} ` +
      `${cx - r * 0.85},${cy + r * 0.2} Z" fill="#6d4a2a"/>`
    : "";
  return (
    `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${SKIN}" stroke="${SKIN_LINE}" stroke-width="0.7"/>` +
    `<circle cx="${cx - r * 0.35}" cy="${cy - r * 0.1}" r="0.55" fill="#3a2614"/>` +
    `<circle cx="${cx + r * 0.35}" cy="${cy - r * 0.1}" r="0.55" fill="#3a2614"/>` +
    b
  );
}

/** The robe colours of the figures of each suit (main, trim). */
const ROBE = {
  o: ["#2d6fb5", GOLD],
  c: ["#cf3a2b", GOLD],
  e: ["#2f7a3a", "#e9d27a"],
  b: ["#7a3f9a", GOLD],
};

function rey(suit) {
  const [main, trim] = ROBE[suit];
  return (
    `<path d="M19,86 C19,60 22,44 32,40 C42,44 45,60 45,86 Z" fill="${main}" stroke="#222" stroke-width="0.8"/>` +
    `<path d="M32,41 V86" stroke="${trim}" stroke-width="2.2"/>` +
    `<path d="M19.5,83 H44.5" stroke="${trim}" stroke-width="2.4"/>` +
    `<path d="M23,44 C27,48 37,48 41,44 L40,49 C36,52 28,52 24,49 Z" fill="#f3efe3" stroke="#555" stroke-width="0.5"/>` +
    face(32, 33, 6.8, true) +
    crown(27) +
    pip(suit, 44, 58, 0.62)
  );
}

function sota(suit) {
  const [main, trim] = ROBE[suit];
  return (
    `<path d="M27,72 L26,88 H30.5 L31.5,72 Z M37,72 L38,88 H33.5 L32.5,72 Z" fill="#e9d27a" stroke="#555" ` +
    `stroke-width="0.6"/>` +
    `<path d="M21,74 C21,58 24,46 32,43 C40,46 43,58 43,74 Z" fill="${main}" stroke="#222" stroke-width="0.8"/>` +
    `<path d="M21.5,70 H42.5" stroke="${trim}" stroke-width="2"/>` +
    `<path d="M25,46 C29,49 35,49 39,46" stroke="#f3efe3" stroke-width="2" fill="none"/>` +
    face(32, 35, 6.6, false) +
    `<path d="M24.6,32 C25,24 39,24 39.4,32 C36,30 28,30 24.6,32 Z" fill="${trim}" stroke="#444" stroke-width="0.6"/>` +
    `<path d="M38,27 C41,24 44,24 45,26" stroke="#cf3a2b" stroke-width="1.2" fill="none"/>` +
    pip(suit, 43.5, 58, 0.6)
  );
}

function caballo(suit) {
  const [main, trim] = ROBE[suit];
  return (
    // the horse
    `<path d="M15,64 C15,55 22,52 33,53 C40,53.5 44,52 46,48 L47,40 C48,36 53,35 55,39 L56,46 C56,49 54,50 52,49 ` +
    `L50,51 C49,58 46,63 44,66 L45,82 H41.5 L40,68 C35,69 27,69 23,68 L22,82 H18.5 L18.5,69 C16,68 15,66 15,64 Z" ` +
    `fill="#f3ecdf" stroke="#3b2b1c" stroke-width="0.9"/>` +
    `<path d="M46,41 C44,44 44,47 45,49" stroke="#6d4a2a" stroke-width="1.6" fill="none"/>` +
    `<circle cx="51.5" cy="41.5" r="0.7" fill="#222"/>` +
    `<path d="M15.5,62 C12,64 11,70 12.5,74" stroke="#6d4a2a" stroke-width="1.8" fill="none"/>` +
    `<path d="M24,55 H40 V63 H24 Z" fill="${trim}" stroke="#555" stroke-width="0.5"/>` +
    // the rider
    `<path d="M25,57 C25,45 28,38 33,36 C38,38 40,45 40,57 Z" fill="${main}" stroke="#222" stroke-width="0.8"/>` +
    `<path d="M30,57 L29,68 H32.5 L33,57 Z" fill="${main}" stroke="#222" stroke-width="0.6"/>` +
    face(33, 29.5, 5.6, false) +
    `<path d="M27,27 C27.5,21 38.5,21 39,27 Z" fill="${trim}" stroke="#444" stroke-width="0.6"/>` +
    pip(suit, 20, 44, 0.55)
  );
}

const FIGURE = { 10: sota, 11: caballo, 12: rey };

// ------------------------------------------------------------------------------------------ whole cards

/** The frame line inside the border, broken as on Spanish decks: oros none, copas 1, espadas 2, bastos 3. */
function frame(suit) {
  const breaks = { o: 0, c: 1, e: 2, b: 3 }[suit];
  let gaps = "";
  for (let i = 0; i < breaks; i += 1) {
    const x = 32 + (i - (breaks - 1) / 2) * 7 - 2;
    gaps += `<rect x="${x}" y="3" width="4" height="3" fill="#fffdf5"/>`;
    gaps += `<rect x="${x}" y="94" width="4" height="3" fill="#fffdf5"/>`;
  }
  return `<rect x="4.5" y="4.5" width="55" height="91" rx="2.5" fill="none" stroke="${INK[suit]}" stroke-width="1.1"/>${gaps}`;
}

function corner(number, suit) {
  const ink = INK[suit];
  const text = String(number);
  const size = text.length > 1 ? 15 : 17;
  return (
    `<g font-family="Georgia, 'Times New Roman', serif" font-weight="700" font-size="${size}" fill="${ink}" ` +
    `text-anchor="middle">` +
    `<text x="12" y="20">${text}</text>` +
    `<text x="12" y="20" transform="rotate(180 32 50)">${text}</text></g>`
  );
}

const CACHE = new Map();

/** The SVG markup of one card, e.g. "12c" (cached: the art never changes). */
export function cardSvg(card) {
  const cached = CACHE.get(card);
  if (cached) return cached;
  const number = Number(card.slice(0, -1));
  const suit = card.slice(-1);
  if (!SYMBOL[suit] || !NUMBERS.includes(number)) return backSvg();
  let art;
  if (FIGURE[number]) {
    // The figure is drawn on a 64 x 100 stage and shrunk into a panel that leaves both corners free.
    art = `<rect x="9" y="21.5" width="46" height="59" rx="2" fill="#fbf3dc" stroke="${INK[suit]}" stroke-width="0.5"/>`;
    art += `<g transform="translate(32 22) scale(0.84) translate(-32 -22)">${FIGURE[number](suit)}</g>`;
  } else {
    art = LAYOUT[number].map(([x, y], i) => {
      const tilt = suit === "e" || suit === "b" ? (number === 1 ? -12 : i % 2 ? 9 : -9) : 0;
      return pip(suit, x, y, PIP_SCALE[number], tilt);
    }).join("");
  }
  const markup =
    `<svg class="mus-card-art" viewBox="0 0 64 100" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<rect x="0.7" y="0.7" width="62.6" height="98.6" rx="5.5" fill="#fffdf5" stroke="#8f8570" stroke-width="1.4"/>` +
    frame(suit) + corner(number, suit) + art + `</svg>`;
  CACHE.set(card, markup);
  return markup;
}

function lattice() {
  // Diagonal lines both ways, clipped by hand to the inner panel (8..56 x 8..92): no ids, no patterns.
  const [x0, x1, y0, y1] = [8, 56, 8, 92];
  let d = "";
  for (let c = x0 + y0 - 84; c <= x1 + y1; c += 7) {
    // x + y = c
    const a = [Math.max(x0, c - y1), 0];
    a[1] = c - a[0];
    const b = [Math.min(x1, c - y0), 0];
    b[1] = c - b[0];
    if (a[0] < b[0]) d += `M${a[0]},${a[1]}L${b[0]},${b[1]}`;
    // x - y = c - 100 (mirror)
    const k = c - 100;
    const p = [Math.max(x0, y0 + k), 0];
    p[1] = p[0] - k;
    const q = [Math.min(x1, y1 + k), 0];
    q[1] = q[0] - k;
    if (p[0] < q[0]) d += `M${p[0]},${p[1]}L${q[0]},${q[1]}`;
  }
  return `<path d="${d}" stroke="#b6404f" stroke-width="1" fill="none"/>`;
}

let BACK = "";

/** The SVG markup of the card back. */
export function backSvg() {
  if (BACK) return BACK;
  BACK =
    `<svg class="mus-card-art" viewBox="0 0 64 100" xmlns="http://www.w3.org/2000/svg" focusable="false">` +
    `<rect x="0.7" y="0.7" width="62.6" height="98.6" rx="5.5" fill="#fffdf5" stroke="#8f8570" stroke-width="1.4"/>` +
    `<rect x="5" y="5" width="54" height="90" rx="3" fill="#8e1f2f"/>` +
    lattice() +
    `<rect x="8" y="8" width="48" height="84" rx="2" fill="none" stroke="${GOLD}" stroke-width="1.2"/>` +
    `<ellipse cx="32" cy="50" rx="13" ry="17" fill="#8e1f2f" stroke="${GOLD}" stroke-width="1.6"/>` +
    `<ellipse cx="32" cy="50" rx="9" ry="12.5" fill="none" stroke="${GOLD}" stroke-width="0.8"/>` +
    pip("o", 32, 50, 0.62) +
    `</svg>`;
  return BACK;
}
