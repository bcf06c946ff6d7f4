import { follows, items } from "../../server/db/schema";
import type { TestApp } from "../helpers/test-app";

type NewItem = typeof items.$inferInsert;

/** Writes an item straight to the database (its seller_college is set there from the seller). */
export async function insertItem(testApp: TestApp, sellerId: string, overrides: Partial<NewItem> = {}) {
  const [item] = await testApp.database.db
    .insert(items)
    .values({
      sellerId,
      productName: "Casio fx-991EX calculator",
      productImage: "https://images.example.in/calculator.jpg",
      type: "Calculator",
      price: 650,
      category: "gadgets",
      condition: "like new",
      ...overrides,
    })
    .returning();
  if (!item) throw new Error("item was not inserted");
  return item;
}

/** Records that one user follows another. */
export async function insertFollow(testApp: TestApp, followerId: string, followeeId: string): Promise<void> {
  await testApp.database.db.insert(follows).values({ followerId, followeeId });
}
