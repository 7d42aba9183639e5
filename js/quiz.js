// The anywidget front end of mus_widget.Quiz: the exercise's picture, its question, a button per answer, the
// verdict and why, and "Another deal". Python checks every answer; the browser learns the right one only after.

import { draw as patch, h } from "./dom.js";
import { mountPanel } from "./mount.js";

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
  // What the classroom server made of the answer, once it said: a line of text under the verdict.
  const record = state.record
    ? h("p", { class: ["mus-quiz-record", state.record.recorded ? "mus-quiz-recorded" : "mus-quiz-unrecorded"],
      role: "status" }, state.record.text)
    : null;
  // Trusted markup: the static picture Python draws from the exercise's cards (every text escaped there).
  const picture = h("div", { class: "mus-quiz-picture", html: state.picture });
  return [
    notice ? h("p", { class: "mus-quiz-lost", role: "alert", data: { kernel: notice } },
      notice === "snapshot" ? state.snapshot : state.lost) : null,
    picture,
    h("p", { class: "mus-quiz-question" }, h("b", {}, state.question)),
    h("div", { class: "mus-quiz-answers" }, answers),
    verdict,
    record,
    h("button", { type: "button", class: "mus-quiz-another", data: { key: "another" }, on: { click: another } },
      `⟳ ${state.another}`),
  ].filter(Boolean);
}

/** @param {{ model: import("./contract.js").Model<import("./contract.js").QuizTraits>, el: HTMLElement }} props */
function render({ model: born, el }) {
  // The shared mount (js/mount.js): the model, the root, the theme, the kernel's watch and its notice.
  const mounted = mountPanel(born, el, "mus-quiz", draw);
  /** @type {import("./contract.js").Model<import("./contract.js").QuizTraits>} */
  const model = mounted.model;
  const { root, send } = mounted;
  function draw() {
    const state = model.get("state");
    if (!state || !state.answers) return;
    root.lang = state.language || "en";
    patch(quizView(state, {
      answer: (key) => send({ type: "answer", key }),
      another: () => send({ type: "another" }),
      notice: mounted.notice(),
    }), root);
  }
  mounted.listen({ "change:state": draw });
  draw();
  return () => mounted.unmount();
}

export default { render };
