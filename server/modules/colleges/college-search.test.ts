import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, colleges, users } from "../../../server/db/schema";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { ADMIN_EMAIL, createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { startSessionFor } from "../../../tests/security/world";

let testApp: TestApp;
let adminCookie: string;

beforeAll(async () => {
  testApp = await createTestApp();
  const [admin] = await testApp.database.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  if (!admin) throw new Error("no admin");
  adminCookie = await startSessionFor(testApp, admin.id);
});
afterAll(() => testApp.close());

interface Match {
  id: string;
  city: string;
  name: string;
  alias?: string;
}

async function search(q: string, ip = "203.0.113.7"): Promise<Match[]> {
  const response = await testApp.app.inject({
    method: "GET",
    url: `/api/colleges/search?q=${encodeURIComponent(q)}`,
    remoteAddress: ip,
  });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { colleges: Match[] }).colleges;
}

const names = (matches: Match[]) => matches.map((match) => `${match.name}, ${match.city}`);

async function collegeId(city: string, name: string): Promise<string> {
  const [row] = await testApp.database.db
    .select()
    .from(colleges)
    .where(and(eq(colleges.city, city), eq(colleges.name, name)));
  if (!row) throw new Error(`no college ${name}`);
  return row.id;
}

describe("GET /api/colleges/search", () => {
  it("finds a college by its short name: IITB, NIT Trichy, DU, Delhi University, VIT, BITS Pilani", async () => {
    expect(names(await search("IITB"))).toEqual(["IIT Bombay, Mumbai"]);
    expect(names(await search("NIT Trichy"))).toEqual(["NIT Tiruchirappalli, Tiruchirappalli"]);
    expect(await search("nit trichy")).toEqual([expect.objectContaining({ alias: "NIT Trichy" })]);
    expect(names(await search("DU"))).toContain("University of Delhi, Delhi");
    expect(names(await search("Delhi University"))).toContain("University of Delhi, Delhi");
    expect(names(await search("VIT Vellore"))).toEqual(["Vellore Institute of Technology, Vellore"]);
    expect(names(await search("BITS Pilani"))[0]).toBe("BITS Pilani, Pilani");
    const iims = names(await search("IIM"));
    expect(iims).toContain("Indian Institute of Management Ahmedabad, Ahmedabad");
    expect(iims).toContain("Indian Institute of Management Calcutta, Kolkata");
  });

  it("finds a college by a word in the middle of its name, whatever the case or accents", async () => {
    const management = names(await search("Management"));
    expect(management).toContain("Indian Institute of Management Bangalore, Bengaluru");
    expect(management).toContain("Narsee Monjee Institute of Management Studies, Mumbai");
    expect(names(await search("mAnAgEmEnT"))).toEqual(management);
    expect(names(await search("Mánagément"))).toEqual(management);
    expect(names(await search("  institute   management  "))).toEqual(
      expect.arrayContaining(["Indian Institute of Management Lucknow, Lucknow"]),
    );
    expect(names(await search("Bombáy"))).toEqual(["IIT Bombay, Mumbai"]);
  });

  it("ranks names starting with the query first, then word matches, then short names", async () => {
    // 'Delhi': names and cities starting with it, then names with the word, then the DU alias's college.
    const delhi = await search("delhi");
    const rankOf = (name: string) => delhi.findIndex((match) => match.name === name);
    expect(rankOf("Delhi Technological University")).toBeGreaterThanOrEqual(0);
    expect(rankOf("IIT Delhi")).toBeGreaterThanOrEqual(0);
    // 'IIT Delhi' (New Delhi) matches by its word; 'Delhi Technological University' by its start.
    expect(rankOf("Delhi Technological University")).toBeLessThan(rankOf("IIT Delhi"));
    // 'Indian': names starting with it first (alphabetical by city), then the one with it in the middle.
    const indian = names(await search("Indian"));
    expect(indian.at(-1)).toBe(
      "Atal Bihari Vajpayee Indian Institute of Information Technology and Management Gwalior, Gwalior",
    );
    expect(indian.slice(0, -1).every((name) => name.startsWith("Indian "))).toBe(true);
    // 'Allahabad': no name starts with it; two have the word; one has it only in a short name.
    expect((await search("Allahabad")).map((match) => [match.name, match.alias ?? null])).toEqual([
      ["IIIT Allahabad", null],
      ["University of Allahabad", null],
      ["Motilal Nehru National Institute of Technology", "NIT Allahabad"],
    ]);
    // 'Trichy' is only ever a short name.
    const trichy = await search("Trichy");
    expect(trichy.map((match) => match.alias)).toEqual(["IIM Trichy", "NIT Trichy"]);
    // A college matched by its name or city is not listed again for its short name ('VIT Vellore').
    const vellore = await search("Vellore");
    expect(vellore.every((match) => match.city === "Vellore" && match.alias === undefined)).toBe(true);
    expect(new Set(vellore.map((match) => match.id)).size).toBe(vellore.length);
  });

  it("gives nothing for an unknown word or a query of punctuation, and 400 for an empty one", async () => {
    expect(await search("Zyxwvutz")).toEqual([]);
    expect(await search("IITB Zyxwvutz")).toEqual([]);
    expect(await search("...")).toEqual([]);
    const empty = await get(testApp, "/api/colleges/search?q=%20%20");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.message).toMatch(/Type part of a college's name/);
    const long = await get(testApp, `/api/colleges/search?q=${"a".repeat(101)}`);
    expect(long.statusCode).toBe(400);
  });

  it("holds one address past 600 searches in ten minutes, and no other address", async () => {
    const ip = "198.51.100.44";
    // In batches, as pages of typing would come: a loaded machine answers them all in time.
    const statuses: number[] = [];
    for (let batch = 0; batch < 12; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          testApp.app.inject({ method: "GET", url: "/api/colleges/search?q=zz", remoteAddress: ip }),
        ),
      );
      statuses.push(...answers.map((answer) => answer.statusCode));
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    expect(statuses).toHaveLength(600);
    const held = await testApp.app.inject({
      method: "GET",
      url: "/api/colleges/search?q=zz",
      remoteAddress: ip,
    });
    expect(held.statusCode).toBe(429);
    expect(held.json().error.message).toBe("Too many searches. Please try again in a few minutes.");
    expect(await search("IITB", "198.51.100.45")).toHaveLength(1);
  }, 120_000);
});

describe("the Colleges tab's short names", () => {
  it("lets the admin add and remove a short name, audited, and the picker follows", async () => {
    const id = await collegeId("Pune", "Fergusson College");
    expect(await search("FC Pune")).toEqual([]);
    const added = await post(
      testApp,
      `/api/admin/colleges/${id}/aliases`,
      { alias: "  FC   Pune " },
      {
        cookie: adminCookie,
      },
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json()).toEqual({ alias: { alias: "FC Pune", collegeId: id } });
    expect(names(await search("fc pune"))).toEqual(["Fergusson College, Pune"]);
    const again = await post(
      testApp,
      `/api/admin/colleges/${id}/aliases`,
      { alias: "fc pune" },
      {
        cookie: adminCookie,
      },
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe("This college already has the short name fc pune.");
    const list = await get(testApp, "/api/admin/college-aliases", { cookie: adminCookie });
    expect(list.statusCode).toBe(200);
    expect(list.json().aliases).toContainEqual({ alias: "FC Pune", collegeId: id });
    expect(list.json().aliases).toContainEqual({
      alias: "IITB",
      collegeId: await collegeId("Mumbai", "IIT Bombay"),
    });

    const removed = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/colleges/${id}/aliases/${encodeURIComponent("fc PUNE")}`,
      headers: { cookie: adminCookie },
    });
    expect(removed.statusCode).toBe(204);
    expect(await search("FC Pune")).toEqual([]);
    const gone = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/colleges/${id}/aliases/FC%20Pune`,
      headers: { cookie: adminCookie },
    });
    expect(gone.statusCode).toBe(404);

    const audit = await testApp.database.db.select().from(auditLog).where(eq(auditLog.targetId, id));
    expect(audit.map((entry) => [entry.action, entry.details])).toEqual(
      expect.arrayContaining([
        ["college.alias.add", { alias: "FC Pune", name: "Fergusson College" }],
        ["college.alias.remove", { alias: "FC Pune" }],
      ]),
    );
  });

  it("refuses a blank short name, an unknown college and a student", async () => {
    const id = await collegeId("Pune", "Fergusson College");
    const blank = await post(
      testApp,
      `/api/admin/colleges/${id}/aliases`,
      { alias: "  " },
      { cookie: adminCookie },
    );
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toMatch(/Please enter a short name/);
    const unknown = await post(
      testApp,
      "/api/admin/colleges/00000000-0000-4000-8000-000000000000/aliases",
      { alias: "X" },
      { cookie: adminCookie },
    );
    expect(unknown.statusCode).toBe(404);
    const student = await createStudent(testApp);
    const refused = await post(
      testApp,
      `/api/admin/colleges/${id}/aliases`,
      { alias: "FCP" },
      {
        cookie: student.cookie,
      },
    );
    expect(refused.statusCode).toBe(403);
  });
});
