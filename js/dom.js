// The views' hyperscript: h("button", { class: "x", aria: { label: "y" }, on: { click } }, ...children) makes a
// Preact element, and `draw` patches the page to match it (Preact diffs the new tree against the last one), so
// the elements that stay keep their focus, scroll, selection and running transitions across updates.

import { h as element, render } from "preact";

const SVG_NS = "http://www.w3.org/2000/svg";

/** Preact's props for `h`'s: class lists joined, `on` handlers, `aria-*` and `data-*` attributes, trusted SVG. */
function props(given) {
  const out = {};
  for (const [key, value] of Object.entries(given || {})) {
    if (key === "class") {
      out.class = Array.isArray(value) ? value.filter(Boolean).join(" ") : value || undefined;
    } else if (key === "on") {
      for (const [type, fn] of Object.entries(value)) out[`on${type}`] = fn;
    } else if (key === "aria" || key === "data") {
      for (const [name, v] of Object.entries(value)) {
        if (v !== undefined && v !== null && v !== false) out[`${key}-${name}`] = String(v);
      }
    } else if (key === "html") {
      // Trusted markup: a static picture Python drew (every text escaped there).
      out.dangerouslySetInnerHTML = { __html: value };
    } else if (value !== undefined && value !== null && value !== false) {
      out[key] = value;
    }
  }
  return out;
}

/** Children as Preact takes them: an empty one (null, false, "") stays a hole, so its siblings keep their places
 *  and each is matched with the element it was (a banner that comes and goes never takes over the panel after
 *  it, which would lose that panel's scroll and focus); arrays stay lists; strings stay text (never markup). */
function kids(children) {
  return children.map((child) => {
    if (child === null || child === undefined || child === false || child === "") return null;
    if (Array.isArray(child)) return kids(child);
    return typeof child === "object" ? child : String(child);
  });
}

/** An HTML element of a view. */
export function h(tag, given = {}, ...children) {
  return element(tag, props(given), ...kids(children));
}

/** An inline SVG image from trusted markup, hidden from assistive technology (its parent is labelled). */
export function svgImage(markup, className) {
  return element("span", { class: className, "aria-hidden": "true", dangerouslySetInnerHTML: { __html: markup } });
}

/** A real element for a widget's frame (its root, live region and notices), which the views draw into:
 * `attributes` as they are, `role`, `aria-*` and `data-*` included. */
export function frame(tag, attributes = {}) {
  const made = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (name === "class") made.className = value;
    else if (name === "hidden") made.hidden = Boolean(value);
    else made.setAttribute(name, String(value));
  }
  return made;
}

/** Patch `container` to show `view` (one element, an array of them, or nothing). */
export function draw(view, container) {
  render(view, container);
}

/** Whether a click came from a finger (or a pen): a tap, which no hover came before. */
/** @param {Event} event */
export function byTouch(event) {
  const kind = /** @type {PointerEvent} */ (event).pointerType;
  return kind === "touch" || kind === "pen";
}

export { SVG_NS };
