import path from "node:path";
import { z } from "zod";

/** Unset and empty both mean "not configured". */
const optionalUrl = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined)
  .pipe(z.url().optional());

const EnvSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  HOST: z.string().default("0.0.0.0"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: optionalUrl.refine(
    (value) => value === undefined || /^postgres(ql)?:\/\//.test(value),
    "must start with postgres:// or postgresql://",
  ),
  PUBLIC_URL: optionalUrl,
  ADMIN_EMAIL: z.string().trim().toLowerCase().pipe(z.email()).default("admin@campusbazaar.local"),
  ADMIN_PASSWORD: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || value === "" || value.length >= 8,
      "must be at least 8 characters",
    ),
  SUPPORT_EMAIL: z.string().trim().pipe(z.email()).default("support@campusbazaar.local"),
  SMTP_URL: optionalUrl.refine(
    (value) => value === undefined || /^smtps?:\/\//.test(value),
    "must start with smtp:// or smtps://",
  ),
  /** Where a copy of each support ticket is posted (multipart form); unset: no copy is sent. */
  FORM_MIRROR_URL: optionalUrl,
  /** Attempts before a copy is given up and shown to the admin as failed. */
  OUTBOX_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(8),
  /** First retry delay; it doubles each attempt, up to an hour. */
  OUTBOX_RETRY_BASE_MS: z.coerce.number().int().min(10).default(5000),
  OUTBOX_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  MAIL_FROM: z.string().default("Campus Bazaar <no-reply@campusbazaar.local>"),
  /** Behind a load balancer: trust X-Forwarded-For for the client address (rate limits). */
  TRUST_PROXY: z.stringbool().default(false),
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Sign-in, signup and reset limits per window; tests raise or lower them. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  isSecureCookie: boolean;
}

/** Parses the environment once. A bad value throws an error that names the variable. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in .env.example.
  const given = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = EnvSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join("; ")}`);
  }
  const env = parsed.data;
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    isSecureCookie: publicUrl.startsWith("https://"),
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
