import { execFile } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../", import.meta.url));
const RULE = "lint/style/noRestrictedImports";

// Server files that may hold queries for good; every other "!" entry of the override is a file whose
// queries are on their way to a repository, and the list of those should only ever shrink. (biome.json
// holds no comments: web/features/feature-boundaries.test.ts reads it with JSON.parse.) The last
// pattern's importNamePattern lets only type names through: a module takes another module's data
// from that module's service, never from its repository.
const ALWAYS_EXEMPT = [
  "!server/**/*.repository.ts",
  "!server/db/**",
  "!server/**/*.test.ts",
  "!server/**/testing/**",
  // The outbox worker's claim (select ... for update skip locked) is the job itself.
  "!server/jobs/outbox.ts",
];

interface Override {
  includes: string[];
  linter?: { rules?: { style?: { noRestrictedImports?: unknown } } };
}
const biome = JSON.parse(readFileSync(`${root}biome.json`, "utf8")) as { overrides: Override[] };
const queryRule = biome.overrides.find((override) => override.includes[0] === "server/**/*.ts");

// A throwaway module with the same imports in a service, a route, a policy and a repository, and a
// mapper that reaches into another module's repository, linted in one Biome run.
const probe = `server/modules/lint-probe-${process.pid}`;
const files = {
  service: `${probe}/lint-probe.service.ts`,
  routes: `${probe}/lint-probe.routes.ts`,
  policy: `${probe}/lint-probe.policy.ts`,
  repository: `${probe}/lint-probe.repository.ts`,
  mapper: `${probe}/lint-probe.mapper.ts`,
};
const query = `import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";

export async function findUser(db: Db, id: string) {
  return db.select().from(users).where(eq(users.id, id));
}
`;
const rowTypesOnly = `import type { Db } from "../../db/client";
import { isSuspended, type UserRow } from "../../db/schema";

export function canAct(_db: Db, user: UserRow): boolean {
  return !isSuspended(user);
}
`;

const otherModulesRepository = `import { lapseReservations } from "../items/items.repository";
import { findUser } from "./lint-probe.repository";

export const uses = [lapseReservations, findUser];
`;

let output = "";
/** The lines of a probe file that the rule refuses. */
function diagnosticsIn(file: string): string[] {
  const pattern = new RegExp(`${file.replaceAll(".", "\\.")}:(\\d+):\\d+ ${RULE}`, "g");
  return [...output.matchAll(pattern)].map((match) => match[1] ?? "");
}

beforeAll(async () => {
  mkdirSync(`${root}${probe}`, { recursive: true });
  writeFileSync(`${root}${files.service}`, query);
  writeFileSync(`${root}${files.routes}`, query);
  writeFileSync(`${root}${files.policy}`, rowTypesOnly);
  writeFileSync(`${root}${files.repository}`, query);
  writeFileSync(`${root}${files.mapper}`, otherModulesRepository);
  const run = promisify(execFile)(
    `${root}node_modules/.bin/biome`,
    ["lint", "--max-diagnostics=100", ...Object.values(files)],
    { cwd: root },
  );
  try {
    await run;
    output = "";
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    output = `${failed.stdout ?? ""}${failed.stderr ?? ""}`;
  }
}, 30_000);

afterAll(() => rmSync(`${root}${probe}`, { recursive: true, force: true }));

describe("queries only in repositories (biome.json)", () => {
  it("fails a service and a route that import drizzle-orm or a schema table, naming the rule", () => {
    expect(output).toContain(RULE);
    expect(output).toContain("Queries live in repositories");
    expect(diagnosticsIn(files.service)).toEqual(["1", "3"]);
    expect(diagnosticsIn(files.routes)).toEqual(["1", "3"]);
  });

  it("lets a repository query, and any server file import row types, Db and isSuspended", () => {
    expect(diagnosticsIn(files.repository)).toEqual([]);
    expect(diagnosticsIn(files.policy)).toEqual([]);
  });

  it("fails a module file that imports another module's repository, not its own", () => {
    expect(output).toContain("never its repository");
    expect(diagnosticsIn(files.mapper)).toEqual(["1"]);
  });

  it("is one override, as an error, whose temporary exceptions are files that exist", () => {
    expect(biome.overrides.filter((override) => override === queryRule)).toHaveLength(1);
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
