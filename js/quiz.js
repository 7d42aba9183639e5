// The anywidget front end of mus_widget.Quiz: the exercise's picture, its question, a button per answer, the
// verdict and why, and "Another deal". Python checks every answer; the browser learns the right one only after.

import { draw as patch, frame, h } from "./dom.js";
import { followTheme, kernelWatch } from "./host.js";
import { withFallback } from "./fallback.js";
import { hideStills } from "./still.js";

/** The quiz as it stands: pure function of the synced state and the two intents.
 * @param {import("./contract.js").QuizState} state
 * @param {{ answer: (key: string) => void, another: () => void, notice: string | null }} intents */
export function quizView(state, { answer, another, notice }) {
  const answers = state.answers.map(([key, label]) => {
    const cls = ["mus-quiz-answer"];
    if (state.right === key) cls.push("mus-quiz-right");
    else if (state.chosen === key) cls.push("mus-quiz-wrong");
    return h("button", { type: "button", class: cls, data: { key }, title: label,
      aria: { pressed: state.chosen === key ? "true" : "false" }, on: { click: () => answer(key) } }, label);
  });
  const verdict = state.verdict
    ? h("p", { class: ["mus-quiz-verdict", state.verdict.right ? "mus-quiz-good" : "mus-quiz-bad"], role: "status" },
      h("b", {}, state.verdict.text), " ", state.verdict.why)
    : h("p", { class: "mus-quiz-verdict", role: "status" });
  // Trusted markup: the static picture Python draws from the exercise's cards (every text escaped there).
  const picture = h("div", { class: "mus-quiz-picture", html: state.picture });
  return [
    notice ? h("p", { class: "mus-quiz-lost", role: "alert", data: { kernel: notice } },
      notice === "snapshot" ? state.snapshot : state.lost) : null,
    picture,
    h("p", { class: "mus-quiz-question" }, h("b", {}, state.question)),
    h("div", { class: "mus-quiz-answers" }, answers),
    verdict,
    h("button", { type: "button", class: "mus-quiz-another", data: { key: "another" }, on: { click: another } },
      `⟳ ${state.another}`),
  ].filter(Boolean);
}

/** @param {{ model: import("./contract.js").Model<import("./contract.js").QuizTraits>, el: HTMLElement }} props */
function render({ model: born, el }) {
  // The model to read: anywidget's, or the kernel's fallback beside it should anywidget stop delivering to it.
  /** @type {{ model: import("./contract.js").Model<import("./contract.js").QuizTraits>, stop: () => void }} */
  const { model, stop: stopFallback } = withFallback(born, { id: born.get("_id") });
  const root = frame("div", { class: "mus-quiz", "data-lm-suppress-shortcuts": "true", lang: "en" });
  el.appendChild(root);
  const unfollow = followTheme(root);
  hideStills(born.get("_id"));
  let notice = null;
  const watch = kernelWatch(model, {
    id: model.get("_id"),
    onLost: () => {
      notice = "lost";
      draw();
    },
    onBack: () => {
      notice = null;
      draw();
    },
  });
  watch.ready.then(() => {
    if (watch.frozen()) {
      notice = "snapshot";
      draw();
    }
  });
  const send = (content) => {
    if (notice === null && watch.check()) model.send(content);
  };
  function draw() {
    const state = model.get("state");
    if (!state || !state.answers) return;
    root.lang = state.language || "en";
    patch(quizView(state, {
      answer: (key) => send({ type: "answer", key }),
      another: () => send({ type: "another" }),
      notice,
    }), root);
  }
  model.on("change:state", draw);
  draw();
  return () => {
    model.off("change:state", draw);
    watch.stop();
    unfollow();
    stopFallback();
  };
}

export default { render };
