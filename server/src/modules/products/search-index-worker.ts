import { parentPort, workerData } from "node:worker_threads";
import { SearchIndex, type IndexLogger } from "./search-index";
import type { ErrorText, FromIndexThread, IndexQuestion, IndexThreadSetup, ToIndexThread } from "./search-index-thread";

/*
 * The search index's worker thread (started by SearchIndexThread): it holds the index, with its
 * own connection and heap, and answers the server's messages. What it logs goes to the server's
 * logger as messages. Messages are JSON text: a search costs half as much to pass as an object.
 */

const port = parentPort!;
const post = (message: FromIndexThread) => port.postMessage(JSON.stringify(message));
const errorText = (error: unknown): ErrorText =>
  error instanceof Error ? { message: error.message, stack: error.stack } : { message: String(error) };

const forward =
  (level: "warn" | "error") =>
  (details: unknown, message?: string): void =>
    post({ kind: "log", level, message: message ?? "", error: errorText((details as { err?: unknown } | null)?.err) });
const logger: IndexLogger = { warn: forward("warn"), error: forward("error") };

/** A question's answer: the index's method of the question's name, called with its arguments. */
function answer(question: IndexQuestion): Promise<unknown> {
  switch (question.kind) {
    case "search":
      return index.search(...question.args);
    case "browse":
      return index.browse(...question.args);
    case "count":
      return index.count(...question.args);
  }
}

const setup = workerData as IndexThreadSetup;
const index = SearchIndex.on(setup.connection, { logger, onStatus: (status) => post({ kind: "status", status }) });

port.on("message", (text: string) => {
  const message = JSON.parse(text) as ToIndexThread;
  switch (message.kind) {
    case "start":
      index.start();
      return;
    case "ask":
      answer(message.question).then(
        (found) => post({ kind: "answer", id: message.id, found, answered: { ...index.answered } }),
        (error: unknown) => post({ kind: "failed", id: message.id, error: errorText(error) }),
      );
      return;
    case "close":
      void index.close().finally(() => {
        post({ kind: "closed" });
        port.close();
      });
  }
});
