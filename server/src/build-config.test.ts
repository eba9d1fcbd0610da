import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const serverDir = path.resolve(__dirname, "..");

/** Every source file `tsc -p <config>` would emit: the included files and all they import. */
function emittedSources(config: string): string[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(
    path.join(serverDir, config),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    },
  );
  if (!parsed) throw new Error(`cannot read ${config}`);
  const program = ts.createProgram(parsed.fileNames, { ...parsed.options, noEmit: true });
  return program
    .getSourceFiles()
    .map((file) => path.relative(serverDir, file.fileName))
    .filter((file) => file.startsWith("src/") && !file.endsWith(".d.ts"));
}

describe("server build", () => {
  it("compiles the app into dist/ without tests, test helpers, the test harness or the bench", () => {
    const files = emittedSources("tsconfig.build.json");
    expect(files).toContain("src/main.ts");
    expect(files).toContain("src/app/emit-schema.ts");
    expect(
      files.filter(
        (file) =>
          file.endsWith(".test.ts") || file.endsWith("/testing.ts") || file.startsWith("src/test/") || file.startsWith("src/bench/"),
      ),
    ).toEqual([]);
  });

  it("keeps tests and the harness in the typecheck config", () => {
    const files = emittedSources("tsconfig.json");
    expect(files).toContain("src/test/harness.ts");
    expect(files).toContain("src/build-config.test.ts");
    expect(files).toContain("src/bench/run.ts");
  });
});
