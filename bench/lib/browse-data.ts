/**
 * The browse benchmark's marketplace, generated in SQL: sellers over every college (30% at ten busy
 * campuses, the benchmark's college first; one in fifty on holiday today) and their active items,
 * each with several photos. The same generator at 50,000 or 1,000,000 items.
 */
import { sql } from "drizzle-orm";
import { PRODUCTS } from "../../scripts/demo-data";
import type { Db } from "../../server/db/client";

/** One seller for every sixteen items, as on a campus marketplace. */
export const sellerCountFor = (itemCount: number) => Math.max(10, Math.round(itemCount / 16));

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;
const textArray = (list: readonly string[]) => `ARRAY[${list.map(quote).join(",")}]::text[]`;
const intArray = (list: readonly number[]) => `ARRAY[${list.map((n) => Math.trunc(n)).join(",")}]::int[]`;

/** A stable pseudo-random whole number in [0, n) from a series value and a salt. */
const hashMod = (expression: string, salt: number, n: string) =>
  `mod(abs(hashint4(${expression} + ${salt})::bigint), ${n})`;

const FIRST_NAMES = [
  "Aarav",
  "Ananya",
  "Arjun",
  "Deepika",
  "Gurpreet",
  "Ishita",
  "Karthik",
  "Meera",
  "Mihir",
  "Neha",
  "Pranav",
  "Priya",
  "Rohan",
  "Sayan",
  "Sneha",
  "Tenzing",
  "Vignesh",
  "Zoya",
];
const LAST_NAMES = [
  "Banerjee",
  "Baruah",
  "Desai",
  "Fernandes",
  "Gill",
  "Gupta",
  "Iyer",
  "Khan",
  "Kulkarni",
  "Menon",
  "Nair",
  "Patel",
  "Reddy",
  "Sharma",
  "Singh",
  "Verma",
];
const OPENERS = {
  new: ["Brand new, still in the original packing.", "Unused, received as a gift."],
  "like new": ["Used for only a few months and kept very carefully.", "Looks and works like new."],
  used: ["Used for two semesters, works perfectly.", "Some signs of use but fully functional."],
};
const EXTRAS = [
  "Bill available.",
  "No markings or highlights inside.",
  "All pieces included.",
  "Graduating this year, so clearing out my room.",
  "Moving out of the hostel next month.",
  "Can meet near the library or the main gate.",
  "Price slightly negotiable.",
  "Message me for more photos.",
];

export async function execute(db: Db, statement: string): Promise<Record<string, unknown>[]> {
  const result = await db.execute(sql.raw(statement));
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

/** Inserts the sellers and `itemCount` active items, then ANALYZE; `busiestCollege` comes first. */
export async function insertData(db: Db, itemCount: number, busiestCollege: string): Promise<void> {
  const SELLER_COUNT = sellerCountFor(itemCount);
  const ITEM_COUNT = itemCount;
  // Sellers: 30% at ten busy campuses (the benchmark's college first), the rest spread over all
  // colleges; one in fifty is on holiday today, so hiding them is part of every browse.
  await execute(
    db,
    `with c as (
       select city, name, row_number() over (order by (name = ${quote(busiestCollege)}) desc, name) as n
       from colleges
     ), k as (select count(*) as total from colleges)
     insert into users (name, email, city, college, mobile, password_hash, email_verified, created_at,
                        updated_at, holiday_active, holiday_from, holiday_to)
     select
       (${textArray(FIRST_NAMES)})[1 + ${hashMod("g", 1, String(FIRST_NAMES.length))}] || ' ' ||
         (${textArray(LAST_NAMES)})[1 + ${hashMod("g", 2, String(LAST_NAMES.length))}],
       'bench.seller.' || g || '@bench.campusbazaar.in',
       c.city, c.name,
       (6 + mod(g, 4))::text || lpad(${hashMod("g", 3, "1000000000")}::text, 9, '0'),
       'not-a-password-hash',
       mod(g, 4) <> 0,
       now() - make_interval(days => 90 + mod(g, 300)),
       now() - make_interval(days => 90 + mod(g, 300)),
       mod(g, 50) = 0,
       case when mod(g, 50) = 0 then current_date - 3 end,
       case when mod(g, 50) = 0 then current_date + 3 end
     from generate_series(1, ${SELLER_COUNT}) as g
     cross join k
     join c on c.n = case when mod(g, 10) < 3 then 1 + mod(g / 10, 10) else 1 + ${hashMod("g", 4, "k.total")} end`,
  );

  const templates = PRODUCTS.flatMap((product) =>
    product.names.map((name) => ({
      ...product,
      name,
      image: product.image.toLowerCase().replace(/\W+/g, "-"),
    })),
  );
  await execute(
    db,
    `with t as (
       select * from unnest(
         ${textArray(templates.map((t) => t.category))}, ${textArray(templates.map((t) => t.type))},
         ${textArray(templates.map((t) => t.name))}, ${intArray(templates.map((t) => t.price[0]))},
         ${intArray(templates.map((t) => t.price[1]))}, ${textArray(templates.map((t) => t.image))}
       ) with ordinality as t(category, type, name, low, high, image, n)
     ), s as (
       select id, row_number() over (order by email) as n from users where email like 'bench.seller.%'
     ), k as (select (select count(*) from t) as templates, (select count(*) from s) as sellers),
     g as (
       select g, (array['new', 'like new', 'used'])[1 + mod(g, 3)] as condition
       from generate_series(1, ${ITEM_COUNT}) as g
     )
     insert into items (seller_id, product_name, product_image, images, type, price, category, condition,
                        description, show_mobile_number, created_at, updated_at)
     select
       s.id, t.name, '/api/files/images/bench-' || t.image || '.jpg',
       -- Several photos each (issue 20): the cover and two or three more.
       array['/api/files/images/bench-' || t.image || '.jpg']
         || array(select '/api/files/images/bench-' || t.image || '-' || p || '.jpg'
                  from generate_series(2, 3 + mod(g.g, 2)) as p),
       t.type,
       t.low + ${hashMod("g.g", 5, "(t.high - t.low + 1)")},
       t.category, g.condition,
       case g.condition
         when 'new' then (${textArray(OPENERS.new)})[1 + mod(g.g, 2)]
         when 'like new' then (${textArray(OPENERS["like new"])})[1 + mod(g.g, 2)]
         else (${textArray(OPENERS.used)})[1 + mod(g.g, 2)]
       end || ' ' || (${textArray(EXTRAS)})[1 + ${hashMod("g.g", 6, String(EXTRAS.length))}]
           || ' ' || (${textArray(EXTRAS)})[1 + ${hashMod("g.g", 7, String(EXTRAS.length))}],
       mod(g.g, 3) = 0,
       now() - make_interval(mins => ${hashMod("g.g", 8, "129600")}::int),
       now() - make_interval(mins => ${hashMod("g.g", 8, "129600")}::int)
     from g cross join k
     join t on t.n = 1 + ${hashMod("g.g", 9, "k.templates")}
     join s on s.n = 1 + ${hashMod("g.g", 10, "k.sellers")}`,
  );
  await execute(db, "analyze");
}
