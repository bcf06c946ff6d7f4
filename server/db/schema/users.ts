import { sql } from "drizzle-orm";
import { boolean, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export interface SecurityFlags {
  accountCreated: string;
  /** Always the literal 'hidden': the address is never stored with the profile. */
  ipAddress: "hidden";
  userAgent: string;
}

export const users = pgTable(
  "users",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    /** Stored lower-cased. */
    email: text("email").notNull(),
    city: text("city").notNull().default(""),
    college: text("college").notNull().default(""),
    /** Digits only. */
    mobile: text("mobile").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    role: text("role", { enum: ["student", "admin"] })
      .notNull()
      .default("student"),
    emailVerified: boolean("email_verified").notNull().default(false),
    bio: text("bio").notNull().default(""),
    profilePhoto: text("profile_photo"),
    securityFlags: jsonb("security_flags").$type<SecurityFlags>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    lastLogin: timestamp("last_login", { withTimezone: true }),
    /** Set when an administrator deletes the account: it can no longer sign in. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (table) => [
    uniqueIndex("users_email_unique").on(table.email),
    index("users_created_at_idx").on(table.createdAt),
    uniqueIndex("users_single_admin").on(table.role).where(sql`${table.role} = 'admin'`),
  ],
);

export type UserRow = typeof users.$inferSelect;
