import { spawnSync } from "node:child_process";
import { rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../../", import.meta.url));
const biome = fileURLToPath(new URL("node_modules/.bin/biome", `file://${root}`));
const RULE_MESSAGE = "Requests live in an api/ folder";

// Probes are written into existing folders (not a new feature, which the boundary test would
// count) under a name no one else uses, and removed afterwards.
const probes: string[] = [];

/** Runs the project's lint, with its biome.json, on a file of `source` at `path` (from the root). */
function lint(path: string, source: string) {
  const file = path.replace(/\.ts$/, `.lint-probe-${process.pid}.ts`);
  probes.push(file);
  writeFileSync(`${root}${file}`, source);
  // Without the cycle rule, which reads the whole project's imports first (about a second per file).
  const args = ["lint", "--max-diagnostics=50", "--skip=suspicious/noImportCycles", file];
  const result = spawnSync(biome, args, { cwd: root, encoding: "utf8" });
  return { failed: result.status !== 0, output: `${result.stdout}${result.stderr}` };
}

afterAll(() => {
  for (const file of probes) rmSync(`${root}${file}`, { force: true });
});

const request = (from: string) =>
  `import { apiFetch } from "${from}lib/api";\n\nexport const getThing = () => apiFetch("/api/thing");\n`;

describe("lint: requests only in an api/ folder", () => {
  it.each([
    ["a feature's component", "web/features/chats/components/probe.ts", "../../../"],
    ["a feature's hook", "web/features/items/hooks/probe.ts", "../../../"],
    ["a feature's top level", "web/features/events/probe.ts", "../../"],
    ["a shared component", "web/components/trust/probe.ts", "../../"],
    ["the app shell", "web/app/probe.ts", "../"],
  ])("fails the build when %s calls the request function", (_where, path, up) => {
    const { failed, output } = lint(path, request(up));
    expect(failed).toBe(true);
    expect(output).toContain(RULE_MESSAGE);
  });

  it.each([
    ["renamed", (up: string) => `import { apiFetch as get } from "${up}lib/api";\n\nexport { get };\n`],
    [
      "as the whole module",
      (up: string) => `import * as client from "${up}lib/api";\n\nexport { client };\n`,
    ],
    ["passed on", (up: string) => `export { apiFetch } from "${up}lib/api";\n`],
  ])("catches the request function imported %s", (_how, source) => {
    const { failed, output } = lint("web/features/chats/components/probe.ts", source("../../../"));
    expect(failed).toBe(true);
    expect(output).toContain(RULE_MESSAGE);
  });

  it.each([
    ["a feature's api/ folder", "web/features/chats/api/probe.ts", "../../../"],
    ["a shared component's api/ folder", "web/components/trust/api/probe.ts", "../../../"],
    ["web/lib, beside the client", "web/lib/probe.ts", "../"],
  ])("lets %s call it", (_where, path, up) => {
    const { failed, output } = lint(path, request(up));
    expect(output).not.toContain(RULE_MESSAGE);
    expect(failed).toBe(false);
  });

  it("lets a component use the error type, which is not a request", () => {
    const source = `import { ApiError } from "../../../lib/api";\n\nexport const isApiError = (error: unknown) => error instanceof ApiError;\n`;
    const { failed, output } = lint("web/features/chats/components/probe.ts", source);
    expect(output).not.toContain(RULE_MESSAGE);
    expect(failed).toBe(false);
  });
});
