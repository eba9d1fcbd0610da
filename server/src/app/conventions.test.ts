import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The house conventions that a grep can hold (docs/architecture.md, "Conventions"): GraphQL types
 * live in a module's types files or on its entities, never in a resolver; an event is declared by
 * the module that publishes it.
 */
const MODULES = path.resolve(__dirname, "../modules");

const productFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(file);
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|testing\.ts$/.test(entry.name) ? [file] : [];
  });

const moduleOf = (file: string) => path.relative(MODULES, file).split(path.sep)[0];

const files = productFiles(MODULES).map((file) => ({ file, module: moduleOf(file), text: readFileSync(file, "utf8") }));

/** Event names declared in a `DomainEvents` block of the given text. */
const declaredEvents = (text: string): string[] =>
  [...text.matchAll(/interface DomainEvents\s*\{([\s\S]*?)\n\s*\}\n/g)].flatMap((block) =>
    [...block[1].matchAll(/^\s*"([a-z.-]+)"\s*:/gm)].map((m) => m[1]),
  );

/** Event names published in the given text (`events.publish(manager, "name", ...)`). */
const publishedEvents = (text: string): string[] => [...text.matchAll(/\.publish\(\s*[\w.]+\s*,\s*"([a-z.-]+)"/g)].map((m) => m[1]);

describe("conventions", () => {
  it("reads declarations and publications as written", () => {
    const text = `declare module "x" {\n  interface DomainEvents {\n    "a.b": { id: string };\n    /** c */\n    "c.d-e": X;\n  }\n}\nawait this.events.publish(this.dataSource.manager, "a.b", {});\nawait events.publish(manager, "c.d-e", {});`;
    expect(declaredEvents(text)).toEqual(["a.b", "c.d-e"]);
    expect(publishedEvents(text)).toEqual(["a.b", "c.d-e"]);
  });

  it("declares no GraphQL type in a resolver file: types live in types.ts (or a part's <part>-types.ts) or on the entity", () => {
    const offenders = files
      .filter(({ file }) => /resolver\.ts$/.test(file))
      .filter(({ text }) => /@(ObjectType|InputType|ArgsType|InterfaceType)\(|registerEnumType\(/.test(text))
      .map(({ file }) => path.relative(MODULES, file));
    expect(offenders).toEqual([]);
  });

  it("has every event declared by the module that publishes it", () => {
    const declaredBy = new Map(files.flatMap(({ module, text }) => declaredEvents(text).map((name) => [name, module] as const)));
    const misplaced = files.flatMap(({ module, text }) =>
      publishedEvents(text)
        .filter((name) => declaredBy.get(name) !== module)
        .map((name) => `${module} publishes ${name}, declared by ${declaredBy.get(name) ?? "no module"}`),
    );
    expect(misplaced).toEqual([]);
    // the check sees the bus's real traffic: every declared event is published somewhere
    const published = new Set(files.flatMap(({ text }) => publishedEvents(text)));
    expect([...declaredBy.keys()].filter((name) => !published.has(name))).toEqual([]);
  });
});
