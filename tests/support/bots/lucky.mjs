// A bot in JavaScript for the arena: one JSON message a line in, one answer a line out (docs/bots.md).
// It plays a legal action drawn from its own seed, so its games replay.
import { createInterface } from "node:readline";

const lines = createInterface({ input: process.stdin });
let state = 1;
lines.on("line", (line) => {
  const message = JSON.parse(line);
  if (message.type === "start") state = (message.seed % 2147483646) + 1;
  if (message.type === "talk") console.log(JSON.stringify({ sena: null }));
  if (message.type !== "decide") return;
  state = (state * 48271) % 2147483647;
  const legal = message.observation.legal_actions;
  console.log(JSON.stringify({ action: legal[state % legal.length] }));
});
