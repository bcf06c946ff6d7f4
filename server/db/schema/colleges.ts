import { sql } from "drizzle-orm";
import { index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";

export const colleges = pgTable(
  "colleges",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    city: text("city").notNull(),
    name: text("name").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex("colleges_city_name_unique").on(table.city, table.name)],
);

/** A college's e-mail domains (0035): each domain is at most one college's; a subdomain is its own entry. */
export const collegeDomains = pgTable(
  "college_domains",
  {
    domain: text("domain").primaryKey(),
    collegeId: uuid("college_id")
      .notNull()
      .references(() => colleges.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("college_domains_college_idx").on(table.collegeId)],
);

/** A college's short names (0037): 'IITB', 'DU', 'NIT Trichy'; one spelling per college whatever its case. */
export const collegeAliases = pgTable(
  "college_aliases",
  {
    collegeId: uuid("college_id")
      .notNull()
      .references(() => colleges.id, { onDelete: "cascade" }),
    alias: text("alias").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: "college_aliases_pk", columns: [table.collegeId, table.alias] }),
    uniqueIndex("college_aliases_college_lower_unique").on(table.collegeId, sql`lower(${table.alias})`),
  ],
);
