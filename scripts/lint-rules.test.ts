import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

// Every boundary of the code is one rule in biome.json, run by `npm run lint` (biome check .). Each
// test here writes probe files that break one rule, lints them with the project's own Biome and
// configuration, and reads which rule refused which line. The probes are removed afterwards.

const root = fileURLToPath(new URL("../", import.meta.url));
const BIOME = `${root}node_modules/.bin/biome`;

const QUERY_RULE = "lint/style/noRestrictedImports";
const CYCLE_RULE = "lint/suspicious/noImportCycles";
const PLUGIN = "plugin";
const MESSAGES = {
  query: "Queries live in repositories",
  repository: "A repository is imported only from its own module",
  module: "A module reaches another module only through its service or policy",
  feature: "A feature imports only its own files",
  appShell: "Features never import the app shell",
  kit: "The UI kit and lib know nothing of features or the app shell",
  request: "Requests live in an api/ folder",
};

// Server files that may hold queries for good; every other "!" entry of the query override is a
// file whose queries are on their way to a repository, and the list of those should only ever
// shrink. The override's importNamePattern lets only type names, Db and isSuspended through.
const ALWAYS_EXEMPT = [
  "!server/**/*.repository.ts",
  "!server/db/**",
  "!server/**/*.test.ts",
  "!server/**/testing/**",
  // The outbox worker's claim (select ... for update skip locked) is the job itself.
  "!server/jobs/outbox.ts",
];

interface Finding {
  file: string;
  line: number;
  rule: string;
  message: string;
  /** Biome marks an error with ×, which fails the run; a warning (!) would not. */
  error: boolean;
}

/**
 * Lints `paths` with the project's Biome and returns what it refused. Throws when Biome did not
 * run (not installed, or stopped before checking), so a missing tool fails the tests.
 */
async function lint(paths: string[], configPath?: string): Promise<Finding[]> {
  const args = ["lint", "--colors=off", "--max-diagnostics=500", ...paths];
  if (configPath) args.push(`--config-path=${configPath}`);
  let output: string;
  try {
    const { stdout, stderr } = await promisify(execFile)(BIOME, args, { cwd: root });
    output = `${stdout}${stderr}`;
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== "number") throw error;
    output = `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
  if (!/Checked \d+ files?/.test(output)) throw new Error(`Biome did not lint:\n${output}`);
  const heading = /^(\S+):(\d+):\d+ (\S+) ━+\n(?:[ \t]*\n)*[ \t]*([×!]) (.+)$/gm;
  return [...output.matchAll(heading)].map(([, file, line, rule, mark, message]) => ({
    file: file ?? "",
    line: Number(line),
    rule: rule ?? "",
    message: message ?? "",
    error: mark === "×",
  }));
}

let findings: Finding[] = [];
/** Why the probes could not be linted: each test fails with it, none is skipped. */
let lintFailure: unknown;
/** "line rule-name" for each refusal in `file`, the rule named by its key in MESSAGES (or "cycle"). */
function refusals(file: string): string[] {
  if (lintFailure) throw lintFailure;
  return findings
    .filter((finding) => finding.file === file)
    .map((finding) => {
      if (finding.rule === CYCLE_RULE) return `${finding.line} cycle`;
      const name = Object.entries(MESSAGES).find(([, text]) => finding.message.startsWith(text))?.[0];
      return `${finding.line} ${name ?? `${finding.rule}: ${finding.message}`}`;
    });
}

// A throwaway server module, and probe files in two existing web folders under names no one else
// uses (a new feature folder would do as well; existing ones keep the probes where features live).
const tag = `lint-probe-${process.pid}`;
const probe = `server/modules/${tag}`;
const server = {
  service: `${probe}/${tag}.service.ts`,
  routes: `${probe}/${tag}.routes.ts`,
  policy: `${probe}/${tag}.policy.ts`,
  repository: `${probe}/${tag}.repository.ts`,
  mapper: `${probe}/${tag}.mapper.ts`,
  joining: `${probe}/${tag}-join.repository.ts`,
  reaching: `${probe}/${tag}-reach.service.ts`,
  cycleA: `${probe}/cycle-a.ts`,
  cycleB: `${probe}/cycle-b.ts`,
  typesA: `${probe}/types-a.ts`,
  typesB: `${probe}/types-b.ts`,
  seed: `${probe}/testing/seed.ts`,
};
const web = {
  feature: `web/features/chats/components/${tag}.ts`,
  lib: `web/lib/${tag}.ts`,
};

const query = `import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export async function findUser(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id));
}
`;
const sources: Record<keyof typeof server | keyof typeof web, string> = {
  service: query,
  routes: query,
  repository: query,
  policy: `import type { Db } from "../../db/client";
import { isSuspended, type UserRow } from "../../db/schema";

export function canAct(_db: Db, user: UserRow): boolean {
  return !isSuspended(user);
}
`,
  mapper: `import { lapseReservations } from "../items/items.repository";
import { findUser } from "./${tag}.repository";

export const uses = [lapseReservations, findUser];
`,
  // The hole the old rule had: a repository borrowing another module's query.
  joining: `import type { ItemWithSeller } from "../items/items.repository";
import { hasBlocked } from "../trust/blocks.repository";
import { findUser } from "./${tag}.repository";

export type Row = ItemWithSeller;
export const uses = [hasBlocked, findUser];
`,
  reaching: `import { loadItem } from "../items/items.service";
import { canEditItem } from "../items/items.policy";
import { toItemDto } from "../items/items.mapper";
import { expireListings } from "../items/listings-work";
import { canAct } from "./${tag}.policy";

export const uses = [loadItem, canEditItem, toItemDto, expireListings, canAct];
`,
  cycleA: `import { b } from "./cycle-b";\n\nexport const a = () => b;\n`,
  cycleB: `import { a } from "./cycle-a";\n\nexport const b = () => a;\n`,
  // Type-only imports are erased when compiled, so they close no cycle at run time.
  typesA: `import type { B } from "./types-b";\n\nexport type A = { b?: B };\n`,
  typesB: `import type { A } from "./types-a";\n\nexport type B = { a?: A };\n`,
  seed: `import { lapseReservations } from "../../items/items.repository";
import { hasBlocked } from "../../trust/blocks.repository";

export const uses = [lapseReservations, hasBlocked];
`,
  feature: `import { messageSellerPath } from "../../items/item-format";
import { SORT_OPTIONS } from "../../../features/items/item-format";
import { outboxStorageKey } from "../outbox-key";
import { AppProviders } from "../../../app/providers";
import { backoffDelay } from "../../../lib/backoff";
import { apiFetch } from "../../../lib/api";

export const uses = [messageSellerPath, SORT_OPTIONS, outboxStorageKey, AppProviders, backoffDelay, apiFetch];
export const loadItems = () => import("../../items/api/get-items");
`,
  lib: `import { outboxStorageKey } from "../features/chats/outbox-key";
import { AppProviders } from "../app/providers";
import { backoffDelay } from "./backoff";

export const uses = [outboxStorageKey, AppProviders, backoffDelay];
`,
};
const files = { ...server, ...web };

beforeAll(async () => {
  mkdirSync(`${root}${probe}/testing`, { recursive: true });
  for (const [name, file] of Object.entries(files)) {
    writeFileSync(`${root}${file}`, sources[name as keyof typeof files]);
  }
  try {
    findings = await lint(Object.values(files));
  } catch (error) {
    lintFailure = error;
  }
}, 60_000);

afterAll(() => {
  rmSync(`${root}${probe}`, { recursive: true, force: true });
  for (const file of Object.values(web)) rmSync(`${root}${file}`, { force: true });
});

describe("the boundaries in biome.json", () => {
  it("runs the project's own Biome", () => {
    expect(existsSync(BIOME), `${BIOME} is missing: run npm install`).toBe(true);
    expect(lintFailure).toBeUndefined();
  });

  it("fails a service and a route that import drizzle-orm or a schema table (queries only in repositories)", () => {
    expect(findings.find((finding) => finding.message.startsWith(MESSAGES.query))?.rule).toBe(QUERY_RULE);
    expect(refusals(server.service)).toEqual(["1 query", "3 query"]);
    expect(refusals(server.routes)).toEqual(["1 query", "3 query"]);
  });

  it("lets a repository query, and any server file import row types, Db and isSuspended", () => {
    expect(refusals(server.repository)).toEqual([]);
    expect(refusals(server.policy)).toEqual([]);
  });

  it("fails a module file, and a repository, that import another module's repository", () => {
    expect(refusals(server.mapper)).toEqual(["1 repository"]);
    expect(refusals(server.joining)).toEqual(["1 repository", "2 repository"]);
  });

  it("fails a module that reaches another module past its service and policy", () => {
    expect(refusals(server.reaching)).toEqual(["3 module", "4 module"]);
  });

  it("lets a module's test helpers reach any repository to set up data", () => {
    expect(refusals(server.seed)).toEqual([]);
  });

  it("fails an import cycle, and not a cycle of type-only imports", () => {
    expect(refusals(server.cycleA)).toEqual(["1 cycle"]);
    expect(refusals(server.cycleB)).toEqual(["1 cycle"]);
    expect(refusals(server.typesA)).toEqual([]);
    expect(refusals(server.typesB)).toEqual([]);
  });

  it("fails a feature that imports another feature, however the path is written, or the app shell", () => {
    expect(refusals(web.feature)).toEqual(["1 feature", "2 feature", "4 appShell", "6 request", "9 feature"]);
  });

  it("fails lib (and the UI kit) importing a feature or the app shell", () => {
    expect(refusals(web.lib)).toEqual(["1 kit", "2 kit"]);
  });

  it("reports every refusal as an error, so `npm run lint` fails", () => {
    expect(lintFailure).toBeUndefined();
    expect(findings.length).toBeGreaterThan(0);
    expect(new Set(findings.map((finding) => finding.rule))).toEqual(
      new Set([QUERY_RULE, CYCLE_RULE, PLUGIN]),
    );
    expect(findings.filter((finding) => !finding.error)).toEqual([]);
  });
});

interface Override {
  includes: string[];
  plugins?: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: unknown } } };
}
interface BiomeConfig {
  plugins: string[];
  linter: { rules: { suspicious?: { noImportCycles?: unknown } } };
  overrides: Override[];
}
const biome = JSON.parse(readFileSync(`${root}biome.json`, "utf8")) as BiomeConfig;

describe("biome.json holds one rule per boundary", () => {
  it("has the import rules as plugins and cycles as an error, and no override per feature", () => {
    expect(biome.plugins).toEqual([
      "./scripts/lint/features-stay-apart.grit",
      "./scripts/lint/web-layers.grit",
      "./scripts/lint/modules-meet-through-services.grit",
      "./scripts/lint/repositories-stay-home.grit",
    ]);
    expect(biome.linter.rules.suspicious?.noImportCycles).toBe("error");
    const perFeature = biome.overrides.filter((override) =>
      override.includes.some((glob) => /^web\/features\/[^*]/.test(glob)),
    );
    expect(perFeature).toEqual([]);
    expect(
      biome.overrides.filter((override) => override.linter?.rules?.style?.noRestrictedImports),
    ).toHaveLength(1);
  });

  it("has one query override, as an error, whose temporary exceptions are files that exist", () => {
    const queryRule = biome.overrides.find((override) => override.includes[0] === "server/**/*.ts");
    expect(JSON.stringify(queryRule?.linter?.rules?.style?.noRestrictedImports)).toContain('"level":"error"');
    const exempt = queryRule?.includes.filter((glob) => glob.startsWith("!")) ?? [];
    expect(exempt).toEqual(expect.arrayContaining(ALWAYS_EXEMPT));
    const temporary = exempt.filter((glob) => !ALWAYS_EXEMPT.includes(glob)).map((glob) => glob.slice(1));
    for (const file of temporary) {
      expect(existsSync(`${root}${file}`), `${file} is gone: take it off the exceptions in biome.json`).toBe(
        true,
      );
    }
  });
});
