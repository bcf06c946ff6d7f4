import type {} from "@fastify/cookie";
import { ADMIN_MESSAGES } from "@shared/api/admin";
import type { SessionEndReason } from "@shared/live-constants";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { batched } from "../db/batched";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema";
import { AppError, notSignedIn } from "../lib/app-error";
import { maskAddress } from "../lib/client-address";
import { hashToken, newToken } from "../lib/tokens";
import {
  insertSession,
  prepareSessionUsers,
  recordEndedSessions,
  takeEndReason,
  touchSessions,
} from "./auth.repository";

/** The session cookie's name over http (local development); see sessionCookieName. */
export const SESSION_COOKIE = "cb_session";
const DAY_MS = 24 * 60 * 60 * 1000;
const SESSION_TTL_MS = 30 * DAY_MS;
/**
 * How stale a session's recorded last use may get: a request records it only when it is older than
 * this, so a busy session costs one write every few minutes, not one per request.
 */
export const SESSION_TOUCH_MS = 5 * 60 * 1000;

/**
 * Over https the cookie is `__Host-cb_session`: the browser then takes it only with Secure, Path=/
 * and no Domain, so a neighbouring subdomain cannot plant or overwrite it. Browsers refuse that
 * prefix without https, so local development over http keeps the plain name.
 */
export function sessionCookieName(isSecureCookie: boolean): string {
  return isSecureCookie ? `__Host-${SESSION_COOKIE}` : SESSION_COOKIE;
}

/** Who may call an operation. Every route under /api declares one; the server enforces it. */
export type Access = "public" | "user" | "admin";

declare module "fastify" {
  interface FastifyRequest {
    user: UserRow | null;
    sessionId: string | null;
    /** The hash of a session cookie that names no live session (it ended, or never was). */
    staleSessionId: string | null;
  }
  interface FastifyInstance {
    /** Fills request.user and request.sessionId from the session cookie, outside /api (a page). */
    loadSession(request: FastifyRequest): Promise<void>;
  }
  interface FastifyContextConfig {
    access?: Access;
    /**
     * The answer is the same for everyone who may ask (a file, the college directory), so browsers
     * and shared caches may keep it as the route says. Every other answer under /api is no-store.
     */
    isSharedAnswer?: boolean;
    /**
     * A form on one of the server's own pages posts here. Pages are served with
     * `Referrer-Policy: no-referrer`, so Chromium sends such a post with `Origin: null`: the
     * refusal of other sites (plugins/security.ts) lets that through when the browser says the
     * post is same-origin (Sec-Fetch-Site) or says nothing, and the route then checks its own
     * signed page token.
     */
    acceptsOwnPageForm?: boolean;
  }
}

export interface SessionOptions {
  db: Db;
  isSecureCookie: boolean;
  /** A session unused this long is over (SESSION_IDLE_DAYS). */
  idleMs: number;
}

export function sessionIdleMs(idleDays: number): number {
  return idleDays * DAY_MS;
}

/**
 * Starts a new session: always a fresh token, so a planted cookie is never promoted at sign-in.
 * The device and the (masked) address are kept for the user's list of sessions.
 */
export async function startSession(
  db: Db,
  reply: FastifyReply,
  userId: string,
  userAgent: string,
  isSecureCookie: boolean,
): Promise<void> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await insertSession(db, {
    id: hashToken(token),
    userId,
    userAgent: userAgent.slice(0, 200),
    address: maskAddress(reply.request.ip),
    expiresAt,
  });
  reply.setCookie(sessionCookieName(isSecureCookie), token, {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureCookie,
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, isSecureCookie: boolean): void {
  reply.clearCookie(sessionCookieName(isSecureCookie), {
    path: "/",
    httpOnly: true,
    sameSite: "lax",
    secure: isSecureCookie,
  });
}

/**
 * The live sessions behind cookie hashes, with their users: one query for the requests that
 * arrive together (under load, one lookup serves many requests). Prepared once per database handle.
 * A session is live until its lifetime ends or it goes unused for `idleMs`. The sessions whose
 * recorded last use is older than SESSION_TOUCH_MS are then marked used, in one update per batch.
 */
function sessionLookup(db: Db, idleMs: number): (id: string) => Promise<UserRow | null> {
  const findSessionUsers = prepareSessionUsers(db);
  const lookUp = batched<string, UserRow | null>({
    maxInFlight: 2,
    maxBatch: 100,
    runMany: async (_db, ids) => {
      const now = Date.now();
      const rows = await findSessionUsers({
        ids,
        now: new Date(now).toISOString(),
        idleSince: new Date(now - idleMs).toISOString(),
      });
      const stale = rows
        .filter((row) => row.lastUsedAt.getTime() < now - SESSION_TOUCH_MS)
        .map((row) => row.sessionId);
      if (stale.length > 0) {
        await touchSessions(db, stale, new Date(now), new Date(now - SESSION_TOUCH_MS));
      }
      const found = new Map(rows.map((row) => [row.sessionId, row.user]));
      return ids.map((id) => found.get(id) ?? null);
    },
  });
  return (id) => lookUp(db, id);
}

async function loadSession(
  findSession: ReturnType<typeof sessionLookup>,
  cookieName: string,
  request: FastifyRequest,
): Promise<void> {
  request.user = null;
  request.sessionId = null;
  request.staleSessionId = null;
  const token = request.cookies[cookieName];
  if (!token) return;
  const id = hashToken(token);
  const user = await findSession(id);
  if (!user) {
    request.staleSessionId = id;
    return;
  }
  request.user = user;
  request.sessionId = id;
}

/** Keeps why these sessions were ended for their owner, for tabs that were not there to hear it. */
export function recordSessionsEnded(db: Db, ids: string[], reason: SessionEndReason): Promise<void> {
  return recordEndedSessions(db, ids, reason);
}

/**
 * Why the request's session cookie no longer signs in (suspended, signed out from another
 * device), said once; null when it is not known.
 */
export async function sessionEndReason(db: Db, request: FastifyRequest): Promise<SessionEndReason | null> {
  return request.staleSessionId ? takeEndReason(db, request.staleSessionId) : null;
}

/** The signed-in user of a route whose access is not public. */
export function requireUser(request: FastifyRequest): UserRow {
  if (!request.user) throw notSignedIn();
  return request.user;
}

/**
 * Loads the session behind the cookie and enforces each route's declared access. A route under
 * /api without a declared access fails the start-up, so no operation is left unguarded.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: SessionOptions) => {
  app.decorateRequest("user", null);
  app.decorateRequest("sessionId", null);
  app.decorateRequest("staleSessionId", null);
  const findSession = sessionLookup(options.db, options.idleMs);
  const cookieName = sessionCookieName(options.isSecureCookie);
  app.decorate("loadSession", (request: FastifyRequest) => loadSession(findSession, cookieName, request));

  app.addHook("onRoute", (route) => {
    if (!route.url.startsWith("/api/")) return;
    const access = route.config?.access;
    if (!access) throw new Error(`Route ${route.method} ${route.url} declares no access`);
    if (route.url.startsWith("/api/admin/") && access !== "admin") {
      throw new Error(`Route ${route.method} ${route.url} is under /api/admin/ but not admin-only`);
    }
    route.schema = {
      ...route.schema,
      security:
        access === "public" ? [] : [{ sessionCookie: access === "admin" ? ["admin"] : ["student", "admin"] }],
    };
  });

  // Answers name people, chats, notifications and sessions: no browser, proxy or CDN may keep one,
  // whoever asked. Only the answers a route declares shared keep their own caching; a route may
  // add to no-store (", private"), never loosen it.
  app.addHook("onSend", async (request, reply, payload) => {
    const url = request.routeOptions.url ?? request.url;
    if (!url.startsWith("/api/") || request.routeOptions.config?.isSharedAnswer) return payload;
    if (/^no-store(,|$)/.test(String(reply.getHeader("cache-control") ?? ""))) return payload;
    reply.header("cache-control", "no-store");
    return payload;
  });

  app.addHook("preValidation", async (request) => {
    // The matched route, not the raw URL: "/%61pi/..." is routed to "/api/..." too.
    if (!request.routeOptions.url?.startsWith("/api/")) return;
    const access = request.routeOptions.config?.access;
    await loadSession(findSession, cookieName, request);
    if (!access || access === "public") return;
    if (!request.user) throw notSignedIn();
    if (access === "admin" && request.user.role !== "admin") {
      throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
    }
  });
});
