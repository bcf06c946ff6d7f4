import path from "node:path";
import { z } from "zod";
import { TrustProxySchema } from "./trust-proxy";

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
  /**
   * Confirms that ADMIN_EMAIL may be given to the student (or deleted) account that registered it:
   * the same address, so a setting left behind never hands another address over.
   */
  ADMIN_EMAIL_TAKEOVER: z.string().trim().toLowerCase().pipe(z.email()).optional(),
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
  /** How long mail and the ticket copy may take to be acknowledged; longer is a failed attempt. */
  OUTBOX_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  /**
   * Push addresses are sent to only at public addresses on port 443; the hosts named here (a push
   * service inside the network, the test suite's local one) are exempt. Comma-separated host names
   * or addresses, no scheme or port; unset: none.
   */
  PUSH_ALLOWED_PRIVATE_HOSTS: z
    .string()
    .optional()
    .transform((value) =>
      (value ?? "")
        .split(",")
        .map((host) => host.trim().toLowerCase())
        .filter((host) => host !== ""),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(
            /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9.-]*[a-z0-9])?|[0-9a-f:.]+)$/,
            "must be comma-separated host names or addresses, without a scheme or port",
          ),
      ),
    ),
  /**
   * Web Push keys (base64url, as web-push generates them) and the contact the push services see.
   * Unset: a pair is generated at first start and kept in the database for every instance.
   */
  VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
  VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
  VAPID_SUBJECT: z.string().trim().min(1).optional(),
  MAIL_FROM: z.string().default("Campus Bazaar <no-reply@campusbazaar.local>"),
  /** Behind proxies: how many, or their addresses, so X-Forwarded-For names the client (rate limits). */
  TRUST_PROXY: TrustProxySchema,
  /** When set, GET /metrics needs `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /**
   * How long the scam guard may read one chat photo for a QR code; a photo not read in time is
   * 'unchecked' and its recipient sees it blurred. Tests shorten it to make the reader time out.
   */
  QR_READ_TIMEOUT_MS: z.coerce.number().int().min(1).max(60_000).default(10_000),
  /** Sign-in, signup and reset limits per window; tests raise or lower them. */
  AUTH_RATE_LIMIT: z.coerce.number().int().min(1).default(10),
  AUTH_RATE_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** A session unused this long ends, before its 30-day lifetime is up. */
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(7),
  /** Multiplies the posting limits (items, recruitment posts, profile edits); 1 in production. */
  WRITE_RATE_LIMIT_SCALE: z.coerce.number().int().min(1).max(10_000).default(1),
  /**
   * Browse keeps a count of matches this many seconds (0: never) once it reaches
   * BROWSE_COUNT_CACHE_MIN_MATCHES, so 'N item(s) found' over a large marketplace costs one count
   * per filter per instance in that time instead of one per page. Smaller counts are always exact.
   */
  BROWSE_COUNT_CACHE_SECONDS: z.coerce.number().int().min(0).max(600).default(10),
  BROWSE_COUNT_CACHE_MIN_MATCHES: z.coerce.number().int().min(1).default(500),
  /** Live sockets one address may hold on one instance (a campus shares an address). */
  LIVE_SOCKETS_PER_ADDRESS: z.coerce.number().int().min(1).default(200),
  /**
   * How often each instance refreshes its rows of live presence (who has a socket open where); a
   * row not refreshed for 2.5 times this stops counting, so a crashed instance's students get pushes.
   */
  LIVE_PRESENCE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(300_000).default(15_000),
  /** A request, body included, must arrive within this; a slower one is answered 408 and cut off. */
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  /** S3-compatible object storage for uploaded files; all five or none (see S3_VARIABLES). */
  S3_ENDPOINT: optionalUrl.refine(
    (value) => value === undefined || /^https?:\/\//.test(value),
    "must start with http:// or https://",
  ),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      "must be a bucket name: 3-63 lowercase letters, digits, dots or hyphens",
    )
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().trim().min(1).optional(),
  /** Where the bucket is served directly (a CDN or a public bucket): originals are sent there. */
  S3_PUBLIC_URL: optionalUrl,
  /** The most the resized copies of images may take in storage; the least recently used go first. */
  IMAGE_CACHE_MB: z.coerce.number().positive().default(1024),
  /**
   * Seconds of image processing one student's uploads may take in 10 minutes; past it, uploads are
   * refused until the 10 minutes are over. A phone posting 5 photos a minute all that time uses
   * 30-72 s (0.6-1.4 s a photo on two busy cores); a 5 MB picture of noise takes 2-5 s.
   */
  UPLOAD_CPU_SECONDS_PER_10_MIN: z.coerce.number().positive().max(600).default(120),
  /** Megabytes of images (as stored, after re-encoding) one student may upload in 24 hours. */
  UPLOAD_DAILY_MB: z.coerce.number().positive().default(200),
});

/** The variables that together select the S3 backend; a partial set is a mistake, not a choice. */
export const S3_VARIABLES = [
  "S3_ENDPOINT",
  "S3_BUCKET",
  "S3_ACCESS_KEY_ID",
  "S3_SECRET_ACCESS_KEY",
  "S3_REGION",
] as const;

export interface S3Config {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** Without a trailing slash. */
  publicUrl?: string;
}

export type Env = z.infer<typeof EnvSchema>;

export interface Config extends Env {
  dataDir: string;
  publicUrl: string;
  isSecureCookie: boolean;
  /** Set when the S3_ variables are: files go to object storage instead of DATA_DIR/files. */
  s3?: S3Config;
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
  const s3 = s3ConfigOf(env);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, "");
  return {
    ...env,
    dataDir: path.resolve(env.DATA_DIR),
    publicUrl,
    isSecureCookie: publicUrl.startsWith("https://"),
    ...(s3 ? { s3 } : {}),
  };
}

function s3ConfigOf(env: Env): S3Config | undefined {
  const isAnySet = S3_VARIABLES.some((name) => env[name] !== undefined) || env.S3_PUBLIC_URL !== undefined;
  if (!isAnySet) return undefined;
  const missing = S3_VARIABLES.filter((name) => env[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid configuration: ${missing.map((name) => `${name}: is missing`).join("; ")} ` +
        `(S3 storage needs all of ${S3_VARIABLES.join(", ")})`,
    );
  }
  return {
    endpoint: env.S3_ENDPOINT as string,
    bucket: env.S3_BUCKET as string,
    accessKeyId: env.S3_ACCESS_KEY_ID as string,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY as string,
    region: env.S3_REGION as string,
    ...(env.S3_PUBLIC_URL ? { publicUrl: env.S3_PUBLIC_URL.replace(/\/+$/, "") } : {}),
  };
}

export class ConfigError extends Error {
  override name = "ConfigError";
}
