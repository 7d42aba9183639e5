// A widget's first showing in the notebook cell the student just ran: the part the student acts with is scrolled
// into view. JupyterLab leaves a new output where it starts, under the cell's input, so a tall widget under a
// notebook's opening text shows only its top above the fold. Scrolled once per view, only for the first widget of
// the cell the student just ran (the active cell, or the one before it after Shift+Enter or Run All), only when
// the widget is already partly in view and nobody has scrolled meanwhile; never moving focus. Nothing here knows
// about Mus: the widget says which of its parts to show.

/** The nearest ancestor of `el` that scrolls vertically (JupyterLab's notebook panel), else the page.
 * @param {Element} el @returns {Element} */
export function scrollerOf(el) {
  for (let node = el.parentElement; node; node = node.parentElement) {
    if (node === document.body || node === document.documentElement) break;
    const { overflowY } = getComputedStyle(node);
    if (/(auto|scroll|overlay)/.test(overflowY) && node.scrollHeight > node.clientHeight) return node;
  }
  return document.scrollingElement || document.documentElement;
}

/** The part of the viewport `scroller` shows, top and bottom (the window for the page).
 * @param {Element} scroller */
function shownBox(scroller) {
  if (scroller === document.scrollingElement || scroller === document.documentElement) {
    return { top: 0, bottom: window.innerHeight };
  }
  const box = scroller.getBoundingClientRect();
  const top = box.top + scroller.clientTop;
  return { top, bottom: top + scroller.clientHeight };
}

/** Whether `root` is the first of `selector` in the output of the notebook cell the student just ran: the active
 * cell (Ctrl+Enter) or the cell before it (Shift+Enter moves on; Run All ends on the last cell). A widget further
 * up a notebook run with Run All, one redrawn when a saved notebook opens, or one outside a notebook: false.
 * @param {Element} root @param {string} selector */
export function inCellJustRun(root, selector) {
  const cell = root.closest(".jp-Notebook .jp-Cell");
  if (!cell || cell.querySelector(selector) !== root) return false;
  if (cell.classList.contains("jp-mod-active")) return true;
  let next = cell.nextElementSibling;
  while (next && !next.classList.contains("jp-Cell")) next = next.nextElementSibling;
  return Boolean(next && next.classList.contains("jp-mod-active"));
}

/** How far to scroll so that the box `region` shows whole in `shown` with `margin` px to spare: 0 when it does,
 * the least move otherwise (its top first where it is taller than the view).
 * @param {{ top: number, bottom: number }} region @param {{ top: number, bottom: number }} shown
 * @param {number} margin */
export function scrollNeeded(region, shown, margin) {
  let by = 0;
  if (region.bottom + margin > shown.bottom) by = region.bottom + margin - shown.bottom;
  if (region.top - by - margin < shown.top) by = region.top - margin - shown.top;
  return Math.abs(by) < 1 ? 0 : Math.round(by);
}

/**
 * Once `root` first has its parts laid out, bring them into view if `root` is the first of `selector` in the cell
 * just run and already partly in view; smoothly unless the student asks for reduced motion. `parts` are
 * selectors under `root` in order: the first must show, each next one is shown too while all still fit (the rest
 * of the widget around them, when there is room). Gives up after `patience` ms, or at a wheel, touch or scrolling
 * key meanwhile. Returns the function that stops waiting (the view's unmount).
 * @param {HTMLElement} root @param {string} selector @param {string[]} parts
 * @param {{ patience?: number, margin?: number }} [options]
 */
export function showOnArrival(root, selector, parts, { patience = 5000, margin = 12 } = {}) {
  if (typeof ResizeObserver === "undefined" || typeof root.closest !== "function") return () => {};
  let done = false;
  const scrollKeys = new Set(["PageDown", "PageUp", "ArrowDown", "ArrowUp", "Home", "End", " "]);
  const onInput = (/** @type {Event} */ event) => {
    if (event instanceof KeyboardEvent && !scrollKeys.has(event.key)) return;
    stop();
  };
  const inputs = ["wheel", "touchmove", "keydown"];
  for (const name of inputs) window.addEventListener(name, onInput, { capture: true, passive: true });
  const observer = new ResizeObserver(() => {
    if (done) return;
    if (!root.isConnected || root.getBoundingClientRect().height === 0 || !root.querySelector(parts[0])) return;
    observer.disconnect();
    requestAnimationFrame(() => {
      if (done) return;
      stop();
      bring(root, selector, parts, margin);
    });
  });
  observer.observe(root);
  const timer = setTimeout(stop, patience);
  function stop() {
    done = true;
    clearTimeout(timer);
    observer.disconnect();
    for (const name of inputs) window.removeEventListener(name, onInput, { capture: true });
  }
  return stop;
}

/** The top and bottom of the boxes of `root`'s elements matching `parts` that show, or null.
 * @param {HTMLElement} root @param {string} parts */
function spanOf(root, parts) {
  const boxes = [...root.querySelectorAll(parts)].map((el) => el.getBoundingClientRect())
    .filter((b) => b.width > 0 && b.height > 0);
  if (!boxes.length) return null;
  return { top: Math.min(...boxes.map((b) => b.top)), bottom: Math.max(...boxes.map((b) => b.bottom)) };
}

/** @param {HTMLElement} root @param {string} selector @param {string[]} parts @param {number} margin */
function bring(root, selector, parts, margin) {
  if (!inCellJustRun(root, selector)) return;
  const scroller = scrollerOf(root);
  const shown = shownBox(scroller);
  const box = root.getBoundingClientRect();
  if (box.bottom <= shown.top || box.top >= shown.bottom) return;
  let region = spanOf(root, parts[0]);
  if (!region) return;
  for (const more of parts.slice(1)) {
    const span = spanOf(root, more);
    if (!span) continue;
    const wider = { top: Math.min(region.top, span.top), bottom: Math.max(region.bottom, span.bottom) };
    if (wider.bottom - wider.top + 2 * margin > shown.bottom - shown.top) break;
    region = wider;
  }
  const by = scrollNeeded(region, shown, margin);
  if (!by) return;
  const still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const target = scroller === document.scrollingElement || scroller === document.documentElement ? window : scroller;
  target.scrollBy({ top: by, behavior: still ? "auto" : "smooth" });
}
