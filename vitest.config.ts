import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const alias = { "@shared": fileURLToPath(new URL("./shared", import.meta.url)) };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["shared/**/*.test.ts", "web/**/*.test.ts", "scripts/**/*.test.ts"],
          environment: "node",
          setupFiles: ["tests/helpers/fail-on-console-error.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          // The UI kit and screens rendered in a DOM, driven as a keyboard or pointer user would.
          name: "component",
          include: ["web/**/*.test.tsx"],
          environment: "happy-dom",
          setupFiles: ["tests/helpers/fail-on-console-error.ts", "tests/helpers/component-setup.ts"],
        },
      },
      {
        resolve: { alias },
        test: {
          name: "api",
          include: ["server/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/api-global-setup.ts"],
          setupFiles: ["tests/helpers/fail-on-console-error.ts"],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: "forks",
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // The authorization matrix, abuse and fuzzing of issue 9: real app, real database.
          name: "security",
          include: ["tests/security/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/api-global-setup.ts"],
          setupFiles: ["tests/helpers/fail-on-console-error.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
          maxWorkers: 2,
        },
      },
      {
        resolve: { alias },
        test: {
          // Server processes killed and restarted; slow, so outside `npm test` (CI runs it).
          name: "durability",
          include: ["tests/durability/**/*.test.ts"],
          environment: "node",
          testTimeout: 600_000,
          hookTimeout: 120_000,
          pool: "forks",
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          // Several instances, object storage, shutdown, backups; CI runs it after `npm test`.
          name: "scale",
          include: ["tests/scale/**/*.test.ts"],
          environment: "node",
          testTimeout: 180_000,
          hookTimeout: 180_000,
          pool: "forks",
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "e2e",
          include: ["tests/e2e/**/*.test.ts"],
          environment: "node",
          globalSetup: ["tests/helpers/e2e-global-setup.ts"],
          testTimeout: 60_000,
          // A page on a busy machine can take a few seconds to show what a poll waits for.
          expect: { poll: { timeout: 10_000 } },
          hookTimeout: 120_000,
          pool: "forks",
          maxWorkers: 1,
          fileParallelism: false,
        },
      },
    ],
  },
});
