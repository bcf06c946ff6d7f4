/**
 * `npm run seed -- --users N --items M [--password P]`: fills the configured database (DATA_DIR or
 * DATABASE_URL, as the server reads them) with demo students, follows, items and generated images.
 * Every run adds new people (their e-mails carry a running number), so it can be run again.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { CATEGORIES, type Category, type Condition, PASSWORD_MAX_LENGTH } from "@shared/constants";
import { checkPasswordStrength } from "@shared/validation/password-strength";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { type Config, ConfigError, loadConfig } from "../server/config/env";
import { type Db, openDatabase } from "../server/db/client";
import { DataDirLockedError } from "../server/db/data-dir-lock";
import { colleges, follows, items, users } from "../server/db/schema";
import { hashPassword } from "../server/lib/passwords";
import { seedCollegesIfEmpty, seedDemoCollegeDomains } from "../server/modules/colleges/colleges.seed";
import { seedDemoMeetupSpots } from "../server/modules/meetups/meetups.seed";
import { storeImage } from "../server/modules/uploads/uploads.service";
import { RateLimiter } from "../server/plugins/rate-limit";
import { createDiskStorage } from "../server/plugins/storage";
import {
  BIO_LINES,
  CATEGORY_DETAILS,
  CONDITION_OPENERS,
  NAME_REGIONS,
  PICKUP_LINES,
  PRODUCTS,
  type ProductTemplate,
  SELLING_REASONS,
  USER_AGENTS,
} from "./demo-data";

const DEMO_DOMAIN = "demo.campusbazaar.in";
const DEFAULT_PASSWORD = "CampusDemo#2025";
const BATCH_SIZE = 500;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const USAGE = `Usage: npm run seed -- [--users N] [--items M] [--password P]

Adds demo students, follows, items and images to the database the server uses
(DATA_DIR for the embedded database, or DATABASE_URL). Stop the server first when
it uses the embedded database.

  --users N      demo students to add (default 50)
  --items M      items to add, about 15% of them sold (default 300)
  --password P   the password of every demo student (default ${DEFAULT_PASSWORD})
`;

class UsageError extends Error {}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      users: { type: "string", default: "50" },
      items: { type: "string", default: "300" },
      password: { type: "string", default: DEFAULT_PASSWORD },
      help: { type: "boolean", short: "h", default: false },
    },
    strict: true,
  });
  const count = (name: string, text: string, min: number, max: number) => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new UsageError(`--${name} must be a whole number from ${min} to ${max}.`);
    }
    return value;
  };
  const userCount = count("users", values.users, 1, 100_000);
  const itemCount = count("items", values.items, 0, 1_000_000);
  const password = values.password;
  const strength = checkPasswordStrength(password);
  if (!strength.isValid || password.length > PASSWORD_MAX_LENGTH) {
    throw new UsageError(
      `--password is not accepted by the signup rules: ${strength.message ?? "too long"}.`,
    );
  }
  return { help: values.help, userCount, itemCount, password };
}

// ---------------------------------------------------------------------------------------------
// Random helpers

const random = Math.random;
const between = (low: number, high: number) => low + Math.floor(random() * (high - low + 1));
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
const chance = (probability: number) => random() < probability;
/** A date uniformly between two instants. */
const dateBetween = (from: number, to: number) => new Date(from + random() * Math.max(0, to - from));

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "");
}

function mobileNumber(): string {
  return `${between(6, 9)}${String(between(0, 999_999_999)).padStart(9, "0")}`;
}

/** A price a student would ask: whole rupees, rounded the way people round. */
function priceFor(template: ProductTemplate, condition: Condition): number {
  const [low, high] = template.price;
  const factor = condition === "new" ? 1 : condition === "like new" ? 0.85 : 0.65;
  const raw = (low + random() * (high - low)) * factor;
  const step = raw < 500 ? 10 : raw < 2000 ? 50 : raw < 10_000 ? 100 : 500;
  const rounded = Math.max(step, Math.round(raw / step) * step);
  // Some sellers like prices ending in 99.
  return rounded >= 500 && chance(0.25) ? rounded - 1 : rounded;
}

function conditionOf(): Condition {
  const roll = random();
  return roll < 0.15 ? "new" : roll < 0.55 ? "like new" : "used";
}

function describe(template: ProductTemplate, condition: Condition, college: string): string {
  const parts = [pick(CONDITION_OPENERS[condition])];
  if (chance(0.7)) parts.push(pick(CATEGORY_DETAILS[template.category]));
  if (chance(0.6)) parts.push(pick(SELLING_REASONS));
  parts.push(chance(0.4) && college ? `Pickup on the ${college} campus.` : pick(PICKUP_LINES));
  return parts.join(" ");
}

// ---------------------------------------------------------------------------------------------
// Images

const CATEGORY_COLOURS: Record<Category, [string, string]> = {
  gadgets: ["#1e3a8a", "#3b82f6"],
  books: ["#7c2d12", "#f59e0b"],
  stationary: ["#14532d", "#22c55e"],
  other: ["#581c87", "#ec4899"],
};

const CATEGORY_LABELS: Record<Category, string> = {
  gadgets: "Gadgets",
  books: "Books",
  stationary: "Stationary",
  other: "Other",
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** An 800x600 picture: a gradient in the category's colours, a few shapes and the product kind. */
function pictureSvg(label: string, category: Category, variant: number): string {
  const [dark, light] = CATEGORY_COLOURS[category];
  const shapes: string[] = [];
  for (let i = 0; i < 6; i++) {
    const x = (variant * 137 + i * 151) % 800;
    const y = (variant * 89 + i * 113) % 600;
    const size = 40 + ((variant * 31 + i * 47) % 120);
    shapes.push(
      i % 2 === 0
        ? `<circle cx="${x}" cy="${y}" r="${size}" fill="#ffffff" fill-opacity="0.12"/>`
        : `<rect x="${x}" y="${y}" width="${size * 1.4}" height="${size}" rx="18" fill="#ffffff" fill-opacity="0.1" transform="rotate(${(i * 17 + variant * 11) % 40} ${x} ${y})"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 800 600">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${dark}"/><stop offset="1" stop-color="${light}"/>
  </linearGradient></defs>
  <rect width="800" height="600" fill="url(#g)"/>
  ${shapes.join("\n  ")}
  <rect x="120" y="200" width="560" height="200" rx="28" fill="#000000" fill-opacity="0.25"/>
  <text x="400" y="310" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="64" font-weight="bold" fill="#ffffff" text-anchor="middle">${escapeXml(label)}</text>
  <text x="400" y="365" font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="30" fill="#ffffff" fill-opacity="0.85" text-anchor="middle">${CATEGORY_LABELS[category]} · Campus Bazaar demo</text>
</svg>`;
}

/** One stored picture per product kind (about twenty), shared by every item of that kind. */
async function makeImages(db: Db, config: Config, ownerId: string): Promise<Map<string, string>> {
  const storage = createDiskStorage(path.join(config.dataDir, "files"));
  // Stored as an upload is, so the pictures count in the owner's daily quota like any other.
  const ctx = { db, storage, rateLimiter: new RateLimiter(db), config };
  const kinds = [...new Map(PRODUCTS.map((p) => [p.image, p.category] as const)).entries()];
  const urls = new Map<string, string>();
  for (const [index, [label, category]] of kinds.entries()) {
    const jpeg = await sharp(Buffer.from(pictureSvg(label, category, index + 1)))
      .jpeg({ quality: 82 })
      .toBuffer();
    const stored = await storeImage(ctx, {
      bucket: "images",
      ownerId,
      originalName: `demo-${slug(label)}.jpg`,
      data: jpeg,
    });
    urls.set(label, stored.url);
    if ((index + 1) % 7 === 0 || index + 1 === kinds.length) progress("images", index + 1, kinds.length);
  }
  return urls;
}

// ---------------------------------------------------------------------------------------------

function progress(what: string, done: number, total: number): void {
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  process.stdout.write(`  ${what.padEnd(8)} ${String(done).padStart(7)} / ${total}  (${percent}%)\n`);
}

/** Inserts rows in batches of BATCH_SIZE inside one transaction, printing progress. */
async function insertInBatches<T>(
  db: Db,
  what: string,
  rows: T[],
  insert: (tx: Db, batch: T[]) => Promise<number>,
): Promise<number> {
  let inserted = 0;
  await db.transaction(async (tx) => {
    for (let start = 0; start < rows.length; start += BATCH_SIZE) {
      const batch = rows.slice(start, start + BATCH_SIZE);
      inserted += await insert(tx as unknown as Db, batch);
      progress(what, Math.min(start + BATCH_SIZE, rows.length), rows.length);
    }
  });
  return inserted;
}

/** The highest running number among earlier demo e-mails, so a new run never reuses one. */
async function lastDemoNumber(db: Db): Promise<number> {
  const result = await db.execute<{ last: number | null }>(
    sql`select max((substring(email from ${`\\.(\\d+)@${DEMO_DOMAIN.replace(/\./g, "\\.")}$`}))::int) as last from users where email like ${`%@${DEMO_DOMAIN}`}`,
  );
  const row = (result as unknown as { rows: { last: number | null }[] }).rows[0];
  return Number(row?.last ?? 0);
}

async function main(): Promise<void> {
  const options = parseOptions();
  if (options.help) {
    process.stdout.write(USAGE);
    return;
  }
  const config = loadConfig();
  const target = config.DATABASE_URL
    ? `PostgreSQL at ${new URL(config.DATABASE_URL).host}`
    : `the embedded database in ${config.dataDir}`;
  process.stdout.write(`Seeding ${target}\n`);

  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.dataDir });
  const started = Date.now();
  try {
    const { db } = database;
    await database.migrate();
    if (await seedCollegesIfEmpty(db)) process.stdout.write("  college directory seeded\n");
    const directory = await db.select({ city: colleges.city, name: colleges.name }).from(colleges);
    if (directory.length === 0) throw new Error("The college directory is empty.");

    // A dozen busy campuses hold most of the demo students, so the college filter has something to show.
    const shuffled = [...directory].sort(() => random() - 0.5);
    const busy = shuffled.slice(0, Math.min(12, shuffled.length));
    const campusOf = () => (chance(0.6) ? pick(busy) : pick(directory));
    // The demo's campuses get e-mail domains of the demo's own (never a real college's, so no code
    // can reach a real inbox): 'Verify your college' works on them. The real directory has none.
    const demoDomains = await seedDemoCollegeDomains(
      db,
      busy.map((campus) => ({ ...campus, domain: `${slug(campus.name).slice(0, 40)}.${DEMO_DOMAIN}` })),
    );
    if (demoDomains > 0) process.stdout.write(`  ${demoDomains} demo college e-mail domains\n`);
    // Every demo campus gets its meetup spots ('Library entrance', 'Main canteen', 'Main gate').
    const demoSpots = await seedDemoMeetupSpots(db, busy);
    if (demoSpots > 0) process.stdout.write(`  ${demoSpots} demo meetup spots\n`);

    process.stdout.write("  hashing the demo password (once)...\n");
    const passwordHash = await hashPassword(options.password);
    const now = Date.now();
    const firstNumber = (await lastDemoNumber(db)) + 1;

    // Students ----------------------------------------------------------------------------------
    const people = Array.from({ length: options.userCount }, (_, index) => {
      const region = chance(0.85) ? pick(NAME_REGIONS) : undefined;
      const firstName = pick(region?.firstNames ?? pick(NAME_REGIONS).firstNames);
      const lastName = pick(region?.lastNames ?? pick(NAME_REGIONS).lastNames);
      const campus = campusOf();
      const createdAt = dateBetween(now - 180 * DAY_MS, now - DAY_MS);
      const onHoliday = chance(0.03);
      const today = new Date(now);
      return {
        name: `${firstName} ${lastName}`,
        email: `${slug(firstName)}.${slug(lastName)}.${firstNumber + index}@${DEMO_DOMAIN}`,
        city: campus.city,
        college: campus.name,
        mobile: mobileNumber(),
        passwordHash,
        role: "student" as const,
        emailVerified: chance(0.75),
        // About a third proved their college (an address at its domain, or an ID review).
        ...(chance(0.35)
          ? {
              collegeVerifiedAt: dateBetween(createdAt.getTime(), now),
              collegeVerifiedName: campus.name,
              collegeVerifiedVia: chance(0.8) ? ("email" as const) : ("id" as const),
            }
          : {}),
        bio: chance(0.5) ? pick(BIO_LINES) : "",
        securityFlags: {
          accountCreated: createdAt.toISOString(),
          ipAddress: "hidden" as const,
          userAgent: pick(USER_AGENTS),
        },
        createdAt,
        updatedAt: createdAt,
        lastLogin: dateBetween(createdAt.getTime(), now),
        ...(onHoliday
          ? {
              holidayActive: true,
              holidayFrom: new Date(today.getTime() - 2 * DAY_MS).toISOString().slice(0, 10),
              holidayTo: new Date(today.getTime() + 5 * DAY_MS).toISOString().slice(0, 10),
              holidayActivatedAt: new Date(today.getTime() - 2 * DAY_MS),
            }
          : {}),
      };
    });
    const sellers: { id: string; college: string; createdAt: Date; holidayActive: boolean }[] = [];
    await insertInBatches(db, "users", people, async (tx, batch) => {
      const rows = await tx.insert(users).values(batch).onConflictDoNothing().returning({
        id: users.id,
        college: users.college,
        createdAt: users.createdAt,
        holidayActive: users.holidayActive,
      });
      sellers.push(...rows);
      return rows.length;
    });
    if (sellers.length === 0) throw new Error("No demo student could be added.");

    // Follows -----------------------------------------------------------------------------------
    const followPairs = new Map<string, { followerId: string; followeeId: string; createdAt: Date }>();
    if (sellers.length > 1) {
      for (const follower of sellers) {
        const wanted = between(0, Math.min(8, sellers.length - 1));
        for (let i = 0; i < wanted; i++) {
          const followee = pick(sellers);
          if (followee.id === follower.id) continue;
          const since = Math.max(follower.createdAt.getTime(), followee.createdAt.getTime());
          followPairs.set(`${follower.id}:${followee.id}`, {
            followerId: follower.id,
            followeeId: followee.id,
            createdAt: dateBetween(since, now),
          });
        }
      }
    }
    const followCount = await insertInBatches(db, "follows", [...followPairs.values()], async (tx, batch) => {
      const rows = await tx.insert(follows).values(batch).onConflictDoNothing().returning({
        followerId: follows.followerId,
      });
      return rows.length;
    });

    // Images ------------------------------------------------------------------------------------
    const imageOwner = sellers[0];
    const imageUrls =
      options.itemCount > 0 && imageOwner ? await makeImages(db, config, imageOwner.id) : new Map();

    // Items -------------------------------------------------------------------------------------
    let soldCount = 0;
    const newItems = Array.from({ length: options.itemCount }, () => {
      // A few keen sellers list much more than the rest.
      const seller = sellers[Math.floor(sellers.length * random() ** 1.6)] as (typeof sellers)[number];
      const template = pick(PRODUCTS);
      const condition = conditionOf();
      const from = Math.max(seller.createdAt.getTime(), now - 90 * DAY_MS);
      const createdAt = dateBetween(from, now - 2 * HOUR_MS);
      const isSold = chance(0.15);
      const soldAt = isSold ? dateBetween(createdAt.getTime() + HOUR_MS, now) : null;
      if (isSold) soldCount++;
      return {
        sellerId: seller.id,
        productName: pick(template.names),
        productImage: imageUrls.get(template.image) ?? "",
        type: template.type,
        price: priceFor(template, condition),
        category: template.category,
        condition,
        description: describe(template, condition, seller.college),
        showMobileNumber: chance(0.35),
        isActive: !isSold,
        isSold,
        createdAt,
        updatedAt: soldAt ?? createdAt,
        soldAt,
      };
    });
    const itemCount = await insertInBatches(db, "items", newItems, async (tx, batch) => {
      const rows = await tx.insert(items).values(batch).returning({ id: items.id });
      return rows.length;
    });
    // Fresh statistics for the planner, and the new rows marked visible: the embedded database has no
    // autovacuum to do it, and a server's would only get to it some minutes later.
    process.stdout.write("  vacuum analyze...\n");
    await db.execute(sql`vacuum analyze`);

    const perCategory = CATEGORIES.map(
      (category) => `${category} ${newItems.filter((item) => item.category === category).length}`,
    ).join(", ");
    const onHoliday = sellers.filter((s) => s.holidayActive).length;
    const first = people[0];
    process.stdout.write(
      [
        "",
        `Done in ${((Date.now() - started) / 1000).toFixed(1)} s:`,
        `  students  ${sellers.length} (${onHoliday} on holiday: their items are hidden from browse)`,
        `  follows   ${followCount}`,
        `  images    ${imageUrls.size}`,
        `  items     ${itemCount} (${itemCount - soldCount} active, ${soldCount} sold; ${perCategory})`,
        `  colleges  ${new Set(sellers.map((s) => s.college)).size} of ${directory.length}`,
        "",
        `Every demo student signs in with the password: ${options.password}`,
        first ? `For example: ${first.email}` : "",
        "",
      ].join("\n"),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) {
    process.stderr.write(`${error.message}\n\n${USAGE}`);
  } else if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    process.stderr.write(`${error.message}\n`);
  } else if (error instanceof Error && error.name === "TypeError" && "code" in error) {
    // parseArgs reports unknown or malformed options this way.
    process.stderr.write(`${error.message}\n\n${USAGE}`);
  } else {
    process.stderr.write(
      `Seeding failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
