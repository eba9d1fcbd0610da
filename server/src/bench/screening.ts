import { performance } from "node:perf_hooks";
import corpus from "../modules/screening/corpus.json";
import { maskPhones, screenMessage } from "../modules/screening/screen";

/**
 * `npm run bench:screening -w server`: what chat screening costs per message, on the labelled
 * corpus (short messages, as students write) and on the longest message allowed (2,000 characters),
 * with and without masking. Screening runs in the sending request, before its transaction; the
 * figures are kept in docs/benchmarks.md.
 */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const texts = (corpus.messages as Array<[string, boolean]>).map(([text]) => text);
const longest = (texts.join(" ").repeat(10) + " 0300-1234567").slice(-2000);

function perMessage(label: string, messages: string[], work: (text: string) => unknown) {
  for (const text of messages) work(text); // warm up
  const start = performance.now();
  for (let round = 0; round < ROUNDS; round++) for (const text of messages) work(text);
  const micros = ((performance.now() - start) * 1000) / (ROUNDS * messages.length);
  console.log(`| ${label} | ${messages.length} | ${micros.toFixed(1)} µs |`);
}

console.log(`| scenario | messages | per message |`);
console.log(`| --- | --- | --- |`);
perMessage("screenMessage, the corpus", texts, (text) => screenMessage(text, ["unibazaar.pk"]));
perMessage("screenMessage + maskPhones when flagged, the corpus", texts, (text) =>
  screenMessage(text).flags.includes("phone") ? maskPhones(text) : text,
);
perMessage("screenMessage, a 2,000-character message", [longest], (text) => screenMessage(text, ["unibazaar.pk"]));
