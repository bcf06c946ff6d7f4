import type { OpenAPIV3 } from "openapi-types";
import type { TestApp } from "../helpers/test-app";
import type { World } from "./world";

export type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
const METHODS: Method[] = ["GET", "POST", "PUT", "PATCH", "DELETE"];

/** Who the document says may call an operation. */
export type Role = "public" | "user" | "admin";

export interface Operation {
  /** "METHOD /path" as the document spells it, e.g. "DELETE /api/items/{id}". */
  key: string;
  method: Method;
  path: string;
  /** null: the document declares no role this suite understands (the matrix fails on it). */
  role: Role | null;
  pathParams: string[];
  queryParams: OpenAPIV3.ParameterObject[];
  /** The body's media type, when the operation takes one. */
  bodyType?: string;
  bodySchema?: OpenAPIV3.SchemaObject;
  /** The documented statuses, e.g. [201, 400, 401]. */
  statuses: number[];
  /** The document's tags, e.g. ["admin", "reports"]. */
  tags: string[];
}

/**
 * The role an operation's `security` declares: `[]` is public; the `sessionCookie` scopes name the
 * roles; anything else (no security, other schemes, unknown scopes) is no declared role.
 */
export function roleOf(security: OpenAPIV3.SecurityRequirementObject[] | undefined): Role | null {
  if (!Array.isArray(security)) return null;
  if (security.length === 0) return "public";
  if (security.length !== 1) return null;
  const [requirement] = security;
  const keys = Object.keys(requirement ?? {});
  if (keys.length !== 1 || keys[0] !== "sessionCookie") return null;
  const scopes = [...(requirement?.sessionCookie ?? [])].sort().join(",");
  if (scopes === "admin") return "admin";
  if (scopes === "admin,student") return "user";
  return null;
}

export async function fetchDocument(testApp: TestApp): Promise<OpenAPIV3.Document> {
  const response = await testApp.app.inject({ method: "GET", url: "/api/openapi.json" });
  if (response.statusCode !== 200) throw new Error(`openapi.json answered ${response.statusCode}`);
  return response.json();
}

/** Every operation the document lists. */
export function operationsOf(document: OpenAPIV3.Document): Operation[] {
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths)) {
    if (!item) continue;
    for (const method of METHODS) {
      const operation = item[method.toLowerCase() as Lowercase<Method>];
      if (!operation) continue;
      const parameters = [...(item.parameters ?? []), ...(operation.parameters ?? [])].filter(
        (p): p is OpenAPIV3.ParameterObject => !("$ref" in p),
      );
      const body = operation.requestBody as OpenAPIV3.RequestBodyObject | undefined;
      const bodyType = body ? Object.keys(body.content)[0] : undefined;
      operations.push({
        key: `${method} ${path}`,
        method,
        path,
        role: roleOf(operation.security),
        pathParams: parameters.filter((p) => p.in === "path").map((p) => p.name),
        queryParams: parameters.filter((p) => p.in === "query"),
        ...(bodyType
          ? { bodyType, bodySchema: body?.content[bodyType]?.schema as OpenAPIV3.SchemaObject }
          : {}),
        statuses: Object.keys(operation.responses ?? {})
          .map(Number)
          .filter(Number.isInteger),
        tags: operation.tags ?? [],
      });
    }
  }
  return operations;
}

/**
 * The record a path parameter names, by the collection before it: the owner's item for
 * /api/items/{id}, the owner's account for /api/users/{id}, and so on.
 */
export function pathValue(operation: Operation, name: string, world: World): string {
  const segments = operation.path.split("/");
  const collection = segments[segments.indexOf(`{${name}}`) - 1];
  const file = world.fileUrl.split("/");
  const byCollection: Record<string, string | undefined> = {
    users: world.owner.id,
    items: world.itemId,
    events: world.eventId,
    colleges: world.collegeId,
    "recruitment-posts": world.postId,
    tickets: world.ticketId,
    chats: world.chatId,
    notifications: world.notificationId,
    sessions: world.sessionId,
    files: file.at(-2),
    photos: world.chatPhotoId,
    reports: world.reportId,
    offers: world.offerId,
    ratings: world.ratingId,
    "saved-searches": world.savedSearchId,
    "team-requests": world.requestId,
    verifications: world.verificationId,
    domains: world.collegeDomain,
    aliases: world.collegeAlias,
    meetups: world.meetupId,
    "meetup-spots": world.meetupSpotId,
    "college-requests": world.collegeRequestId,
  };
  // An offer's answer: the owner made the offer, so the owner may withdraw it.
  if (name === "action") return "withdraw";
  // A report's kept photo: the report of the owner's photo message (the listing's keeps none).
  if (operation.path === "/api/admin/reports/{id}/photo") return world.photoReportId;
  const value = name === "key" ? file.at(-1) : collection ? byCollection[collection] : undefined;
  if (!value) throw new Error(`${operation.key}: no record for the path parameter {${name}}`);
  return value;
}

/** Required query strings, by operation: the call a caller would make. */
const QUERIES: Record<string, string> = {
  "GET /api/colleges/search": "q=IITB",
};

export function urlOf(operation: Operation, world: World): string {
  const path = operation.path.replace(/\{([^}]+)\}/g, (_match, name: string) =>
    encodeURIComponent(pathValue(operation, name, world)),
  );
  const query = QUERIES[operation.key];
  return query ? `${path}?${query}` : path;
}
