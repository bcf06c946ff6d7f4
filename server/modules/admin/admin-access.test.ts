import { randomUUID } from "node:crypto";
import { count, eq } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { OpenAPIV3 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertItem } from "../../../tests/factories/items";
import { createStudent } from "../../../tests/factories/users";
import { get, post } from "../../../tests/helpers/api";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import {
  auditLog,
  colleges,
  events,
  items,
  notifications,
  recruitmentPosts,
  sessions,
  supportTickets,
  users,
} from "../../db/schema";

type Student = Awaited<ReturnType<typeof createStudent>>;
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

interface Operation {
  method: Method;
  /** The path as the OpenAPI document spells it, e.g. /api/admin/users/{id}. */
  path: string;
  url: string;
  payload?: object;
}

let testApp: TestApp;
let student: Student;
let victim: Student;
/** Real records, so an unprotected operation would really change something. */
const target = { itemId: "", eventId: "", collegeId: "", postId: "", ticketId: "" };

beforeAll(async () => {
  testApp = await createTestApp();
  student = await createStudent(testApp, { name: "Ishaan Kapoor" });
  victim = await createStudent(testApp, { name: "Meera Iyer", mobile: "9811122233" });
  const db = testApp.database.db;
  target.itemId = (await insertItem(testApp, victim.id, { productName: "Drafting table" })).id;
  const [event] = await db
    .insert(events)
    .values({
      title: "Hack Pune",
      description: "A 24-hour hackathon.",
      organizer: "CSI",
      venue: "Main hall",
      college: "Fergusson College",
      city: "Pune",
      date: "2099-02-01",
      time: "10:00",
      image: "https://images.example.in/hack.jpg",
    })
    .returning();
  target.eventId = event?.id ?? "";
  const [college] = await db
    .insert(colleges)
    .values({ city: "Nagpur", name: "Access Test College" })
    .returning();
  target.collegeId = college?.id ?? "";
  const recruitment = await post(
    testApp,
    "/api/recruitment-posts",
    {
      purpose: "Smart India Hackathon team",
      maxStudents: 3,
      event: "SIH",
      qualities: "React",
      years: ["2nd Year"],
      description: "Looking for a designer.",
    },
    { cookie: victim.cookie },
  );
  expect(recruitment.statusCode).toBe(201);
  target.postId = recruitment.json().post.id;
  const ticket = await post(
    testApp,
    "/api/tickets",
    { purpose: "Technical Bug", description: "The page does not load." },
    { cookie: victim.cookie },
  );
  expect(ticket.statusCode).toBe(201);
  target.ticketId = ticket.json().ticket.ticketId;
});
afterAll(() => testApp?.close());

/** A value for a path parameter: the real record the path names, else one of the right shape. */
function paramValue(path: string, name: string, schema: OpenAPIV3.SchemaObject | undefined): string {
  const collection = path.split("/").at(path.split("/").indexOf(`{${name}}`) - 1);
  const real: Record<string, string> = {
    users: victim.id,
    items: target.itemId,
    events: target.eventId,
    colleges: target.collegeId,
    "recruitment-posts": target.postId,
    tickets: target.ticketId,
  };
  if (collection && real[collection]) return real[collection];
  if (schema?.pattern?.includes("\\d{6}")) return "123456";
  return randomUUID();
}

/** Valid bodies, so that nothing but the access check stands between the caller and the change. */
function payloadFor(method: Method, path: string): object | undefined {
  const bodies: Record<string, object> = {
    "PATCH /api/admin/users/{id}": {
      name: "Taken Over",
      email: `taken-${randomUUID().slice(0, 8)}@example.in`,
      mobile: "9123456780",
      city: "Pune",
      college: "Fergusson College",
    },
    "POST /api/admin/events": {
      title: "Intruder event",
      organizer: "Nobody",
      date: "2099-03-01",
      time: "09:30",
      venue: "Hall 2",
      description: "Should never be stored.",
      city: "Pune",
      college: "Fergusson College",
      image: "https://images.example.in/intruder.jpg",
      registrationUrl: null,
    },
    "POST /api/admin/colleges": { city: "Nagpur", college: "Intruder College" },
    "POST /api/admin/tickets/{ticketId}/status": { status: "resolved" },
  };
  return bodies[`${method} ${path}`] ?? (method === "GET" || method === "DELETE" ? undefined : {});
}

/** Every operation under /api/admin/ that the OpenAPI document lists, with its path filled in. */
async function adminOperations(): Promise<Operation[]> {
  const response = await get(testApp, "/api/openapi.json");
  expect(response.statusCode).toBe(200);
  const document = response.json() as OpenAPIV3.Document;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!path.startsWith("/api/admin/") || !item) continue;
    for (const method of METHODS) {
      const operation = item[method.toLowerCase() as Lowercase<Method>];
      if (!operation) continue;
      const parameters = [
        ...(item.parameters ?? []),
        ...(operation.parameters ?? []),
      ] as OpenAPIV3.ParameterObject[];
      const url = path.replace(/\{([^}]+)\}/g, (_match, name: string) => {
        const parameter = parameters.find((p) => p.in === "path" && p.name === name);
        return encodeURIComponent(paramValue(path, name, parameter?.schema as OpenAPIV3.SchemaObject));
      });
      const payload = payloadFor(method, path);
      operations.push({ method, path, url, ...(payload ? { payload } : {}) });
    }
  }
  return operations;
}

async function snapshot() {
  const db = testApp.database.db;
  const countOf = async (table: PgTable) => (await db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [victimRow] = await db.select().from(users).where(eq(users.id, victim.id));
  const [ticketRow] = await db
    .select()
    .from(supportTickets)
    .where(eq(supportTickets.ticketId, target.ticketId));
  const exists = async (table: PgTable & { id: AnyPgColumn }, id: string) =>
    (await db.select({ n: count() }).from(table).where(eq(table.id, id)))[0]?.n === 1;
  return {
    users: await countOf(users),
    items: await countOf(items),
    events: await countOf(events),
    colleges: await countOf(colleges),
    recruitmentPosts: await countOf(recruitmentPosts),
    supportTickets: await countOf(supportTickets),
    auditLog: await countOf(auditLog),
    notifications: await countOf(notifications),
    sessions: await countOf(sessions),
    victim: {
      name: victimRow?.name,
      email: victimRow?.email,
      mobile: victimRow?.mobile,
      deletedAt: victimRow?.deletedAt,
    },
    ticket: { status: ticketRow?.status, resolvedAt: ticketRow?.resolvedAt },
    // A create and a delete of the same kind would leave the counts equal: the records themselves.
    records: [
      await exists(items, target.itemId),
      await exists(events, target.eventId),
      await exists(colleges, target.collegeId),
      await exists(recruitmentPosts, target.postId),
    ],
  };
}

function send(operation: Operation, cookie?: string) {
  return testApp.app.inject({
    method: operation.method,
    url: operation.url,
    headers: cookie ? { cookie } : {},
    ...(operation.payload ? { payload: operation.payload } : {}),
  });
}

describe("every /api/admin/ operation in the OpenAPI document", () => {
  it("lists the known admin operations (so the list below is not empty by mistake)", async () => {
    const listed = (await adminOperations()).map((operation) => `${operation.method} ${operation.path}`);
    expect(listed).toEqual(
      expect.arrayContaining([
        "GET /api/admin/overview",
        "GET /api/admin/users",
        "PATCH /api/admin/users/{id}",
        "DELETE /api/admin/users/{id}",
        "GET /api/admin/audit",
        "GET /api/admin/events",
        "POST /api/admin/events",
        "DELETE /api/admin/events/{id}",
        "GET /api/admin/items",
        "DELETE /api/admin/items/{id}",
        "GET /api/admin/recruitment-posts",
        "DELETE /api/admin/recruitment-posts/{id}",
        "POST /api/admin/colleges",
        "DELETE /api/admin/colleges/{id}",
        "GET /api/admin/tickets",
        "GET /api/admin/tickets/{ticketId}",
        "POST /api/admin/tickets/{ticketId}/status",
      ]),
    );
    // Real ids went into the paths that name a record.
    const urls = (await adminOperations()).map((operation) => operation.url);
    expect(urls).toContain(`/api/admin/users/${victim.id}`);
    expect(urls).toContain(`/api/admin/tickets/${target.ticketId}/status`);
  });

  it("answers 401 unauthenticated to a signed-out caller and changes nothing", async () => {
    const operations = await adminOperations();
    const before = await snapshot();
    const answers: string[] = [];
    for (const operation of operations) {
      const response = await send(operation);
      const code = response.statusCode === 401 ? response.json().error?.code : response.body.slice(0, 120);
      answers.push(`${operation.method} ${operation.path} -> ${response.statusCode} ${code}`);
    }
    expect(answers).toEqual(
      operations.map((operation) => `${operation.method} ${operation.path} -> 401 unauthenticated`),
    );
    expect(await snapshot()).toEqual(before);
  });

  it("answers 403 forbidden to a signed-in student and changes nothing", async () => {
    const operations = await adminOperations();
    const before = await snapshot();
    const answers: string[] = [];
    for (const operation of operations) {
      const response = await send(operation, student.cookie);
      const body =
        response.statusCode === 403 ? JSON.stringify(response.json()) : response.body.slice(0, 120);
      answers.push(`${operation.method} ${operation.path} -> ${response.statusCode} ${body}`);
    }
    const refused = JSON.stringify({
      error: { code: "forbidden", message: "Only the administrator can do that." },
    });
    expect(answers).toEqual(
      operations.map((operation) => `${operation.method} ${operation.path} -> 403 ${refused}`),
    );
    expect(await snapshot()).toEqual(before);
  });

  it("refuses the record's own owner too: a student cannot remove their own post through the admin API", async () => {
    const before = await snapshot();
    const response = await testApp.app.inject({
      method: "DELETE",
      url: `/api/admin/items/${target.itemId}`,
      headers: { cookie: victim.cookie },
    });
    expect(response.statusCode).toBe(403);
    expect(await snapshot()).toEqual(before);
  });
});
