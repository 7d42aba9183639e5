// Bundle js/ into the files the Python package ships: src/mus_widget/table/static/widget.js (one self-contained
// ES module: anywidget loads it from a Blob URL, so no relative imports survive), table/static/widget.css,
// table/static/quiz.js and quiz.css (the quiz, built the same way), table/static/classroom.js and classroom.css
// (the teacher's list of served tables, the same way),
// and src/mus_widget/teaching/cards.json, the SVG of the 40 cards and the back drawn by js/cards.js, which the
// static pictures of mus_widget.teaching.pictures embed (the same card art as the widget, without a kernel). Each
// carries the sha256 of the js/ sources, which tests/test_widget.py and tests/test_pictures.py recompute
// without Node: a stale bundle fails the tests.
//
//   npm run build          write the bundle
//   npm run check          exit 1 if the bundle is stale

import { createHash } from "node:crypto";
import { readFileSync, readdirSync, writeFileSync, statSync } from "node:fs";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = dirname(fileURLToPath(import.meta.url));
const root = dirname(here);
const out = join(root, "src", "mus_widget", "table", "static");
const artOut = join(root, "src", "mus_widget", "teaching", "cards.json");

/** Every source file under js/, as posix paths relative to js/, sorted. */
function sources(dir = here) {
  const found = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) found.push(...sources(path));
    else if (/\.(js|mjs|css)$/.test(name)) found.push(relative(here, path).split(sep).join("/"));
  }
  return found.sort();
}

/** The sha256 of the sources: each path, a newline, its bytes, a newline; then each bundled package's
 * name@version from package.json, a newline (a new Preact makes the bundle stale too). */
export function sourceHash() {
  const hash = createHash("sha256");
  const bundled = JSON.parse(readFileSync(join(root, "package.json"), "utf8")).dependencies || {};
  for (const path of sources()) {
    hash.update(`${path}\n`);
    hash.update(readFileSync(join(here, path)));
    hash.update("\n");
  }
  for (const name of Object.keys(bundled).sort()) hash.update(`${name}@${bundled[name]}\n`);
  return hash.digest("hex");
}

const digest = sourceHash();
const header = (comment) => comment.replace("%", `mus-widget bundle sha256:${digest} (built from js/ by npm run build)`);

/** The card art as JSON: every card of the deck by its canonical name, and the back. */
async function cardArt() {
  const { NUMBERS, SUITS, backSvg, cardSvg } = await import("./cards.js");
  const cards = {};
  for (const suit of SUITS) for (const number of NUMBERS) cards[`${number}${suit}`] = cardSvg(`${number}${suit}`);
  return `${JSON.stringify({ sha256: digest, source: "js/cards.js", cards, back: backSvg() }, null, 1)}\n`;
}

if (process.argv.includes("--check")) {
  const first = (path) => readFileSync(path, "utf8").split("\n", 1)[0];
  const art = JSON.parse(readFileSync(artOut, "utf8"));
  const bundles = [join(out, "widget.js"), join(out, "quiz.js"), join(out, "classroom.js")];
  if (!bundles.every((path) => first(path).includes(digest)) || art.sha256 !== digest) {
    console.error("the bundle (src/mus_widget/table/static/) or the card art (src/mus_widget/teaching/cards.json) is stale: run npm run build");
    process.exit(1);
  }
  console.log("bundle is up to date");
} else {
  const bundle = async (entry) => (await build({
    entryPoints: [join(here, entry)],
    bundle: true,
    format: "esm",
    target: "es2020",
    write: false,
    legalComments: "none",
    charset: "utf8",
  })).outputFiles[0].text;
  writeFileSync(join(out, "widget.js"), `${header("// %")}\n${await bundle("widget.js")}`);
  writeFileSync(join(out, "widget.css"), `${header("/* % */")}\n${readFileSync(join(here, "styles.css"), "utf8")}`);
  writeFileSync(join(out, "quiz.js"), `${header("// %")}\n${await bundle("quiz.js")}`);
  writeFileSync(join(out, "quiz.css"), `${header("/* % */")}\n${readFileSync(join(here, "quiz.css"), "utf8")}`);
  writeFileSync(join(out, "classroom.js"), `${header("// %")}\n${await bundle("classroom.js")}`);
  writeFileSync(join(out, "classroom.css"), `${header("/* % */")}\n${readFileSync(join(here, "classroom.css"), "utf8")}`);
  writeFileSync(artOut, await cardArt());
  console.log(`wrote src/mus_widget/table/static/widget.js, widget.css, quiz.js, quiz.css, classroom.js and classroom.css, and src/mus_widget/teaching/cards.json (sources sha256 ${digest.slice(0, 12)})`);
}
