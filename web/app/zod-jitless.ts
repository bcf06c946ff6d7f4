/*
 * What the browser gets for `import ... from "zod"` (an alias in vite.config.ts): zod itself, told
 * before any schema is used that it may not compile parsers. The Content-Security-Policy forbids
 * eval, so those never run here; saying so up front spares zod's eval probe, which the browser
 * reports as a CSP violation. Only pages that validate load zod, and this with it.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
export { default } from "zod/v4";
