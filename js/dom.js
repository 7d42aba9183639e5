// A tiny hyperscript: h("button", { class: "x", aria: { label: "y" }, on: { click } }, ...children).
// Views are pure functions of (state, ui) that return fresh DOM built with it.

const SVG_NS = "http://www.w3.org/2000/svg";

/** Set one property of `h`'s props on an element. */
function setProp(el, key, value) {
  if (value === undefined || value === null || value === false) return;
  if (key === "class") {
    el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : value;
  } else if (key === "on") {
    for (const [type, fn] of Object.entries(value)) el.addEventListener(type, fn);
  } else if (key === "aria" || key === "data") {
    for (const [name, v] of Object.entries(value)) {
      if (v !== undefined && v !== null && v !== false) el.setAttribute(`${key}-${name}`, String(v));
    }
  } else if (key === "svg") {
    // Trusted markup made by cards.js / faces.js from fixed shapes, never from synced text.
    el.innerHTML = value;
  } else if (key === "style") {
    for (const [name, v] of Object.entries(value)) el.style.setProperty(name, String(v));
  } else if (key === "value" || key === "checked" || key === "disabled" || key === "selected") {
    el[key] = value;
  } else if (value === true) {
    el.setAttribute(key, "");
  } else {
    el.setAttribute(key, String(value));
  }
}

/** Append children: strings become text nodes (never markup), arrays are flattened, empty ones skipped. */
function append(el, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false || child === "") continue;
    if (Array.isArray(child)) append(el, child);
    else if (child instanceof Node) el.appendChild(child);
    else el.appendChild(document.createTextNode(String(child)));
  }
}

/** An HTML element. */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props || {})) setProp(el, key, value);
  append(el, children);
  return el;
}

/** An inline SVG image from trusted markup, hidden from assistive technology (its parent is labelled). */
export function svgImage(markup, className) {
  const span = document.createElement("span");
  span.className = className;
  span.setAttribute("aria-hidden", "true");
  span.innerHTML = markup;
  return span;
}

export { SVG_NS };
