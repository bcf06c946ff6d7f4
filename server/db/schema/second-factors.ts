import { bigint, index, integer, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { users } from "./users";

/** The administrator's confirmed authenticator key (TOTP, base32) and the last time step it accepted. */
export const secondFactors = pgTable("second_factors", {
  userId: uuid("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  secret: text("secret").notNull(),
  /** A code of this step or an earlier one is refused: a code works once. */
  lastUsedStep: bigint("last_used_step", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One-time codes for a lost authenticator; SHA-256 of each, as they are random and long. */
export const recoveryCodes = pgTable(
  "recovery_codes",
  {
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [primaryKey({ columns: [table.userId, table.codeHash] })],
);

/** The step between a correct password and a session: single use, short-lived, tries counted. */
export const signInChallenges = pgTable(
  "sign_in_challenges",
  {
    /** SHA-256 of the token the client holds. */
    id: text("id").primaryKey(),
    userId: uuid("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: ["setup", "code"] }).notNull(),
    /** The key offered at setup, kept until a first code confirms it. */
    setupSecret: text("setup_secret"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
  },
  (table) => [index("sign_in_challenges_user_id_idx").on(table.userId)],
);

export type SignInChallengeRow = typeof signInChallenges.$inferSelect;
