import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { PageSession } from "@shared/api/auth";
import { isFirstScreenPage } from "@shared/app-routes";
import type { FastifyBaseLogger } from "fastify";
import { LRUCache } from "lru-cache";

type FirstScreenModule = typeof import("../../web/app/first-screen");

/** The app's own components, drawn to HTML (web/app/first-screen.tsx). */
const FIRST_SCREEN_MODULE = pathToFileURL(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../web/app/first-screen.tsx"),
).href;

/**
 * Draws per student per minute. Drawing costs a few milliseconds of the server's one thread; a script
 * reloading /buy gets the page without its first screen past this (the app draws it alone), so one
 * account cannot turn page loads into the server's time. A student opens /buy a few times a minute.
 */
export const FIRST_SCREEN_DRAWS_PER_MINUTE = 20;

export interface FirstScreenDrawer {
  /**
   * The page's first screen as HTML, or null: not a page drawn first, the student past
   * FIRST_SCREEN_DRAWS_PER_MINUTE, or drawing failed.
   */
  draw(pathname: string, search: string, session: PageSession): Promise<string | null>;
  /** Loads the components ahead of the first page that needs them. */
  warmUp(): void;
}

/**
 * Draws the first screen of the pages the server draws first (shared/app-routes.ts), with the web
 * app's components, loaded once on first use. A page whose drawing fails is sent without it, as
 * before: the app then draws it alone, a second or two later on a slow phone.
 */
export function firstScreenDrawer(log: FastifyBaseLogger): FirstScreenDrawer {
  let loading: Promise<FirstScreenModule> | undefined;
  // Each student's draws in the current minute, from their first; forgotten after it.
  const draws = new LRUCache<string, { count: number }>({ max: 10_000, ttl: 60_000 });
  const mayDraw = (userId: string) => {
    const counted = draws.get(userId, { updateAgeOnGet: false });
    if (!counted) draws.set(userId, { count: 1 });
    else counted.count += 1;
    return (counted?.count ?? 1) <= FIRST_SCREEN_DRAWS_PER_MINUTE;
  };
  const load = () => {
    loading ??= import(FIRST_SCREEN_MODULE) as Promise<FirstScreenModule>;
    return loading;
  };
  return {
    async draw(pathname, search, session) {
      if (!isFirstScreenPage(pathname) || !session.user || !mayDraw(session.user.id)) return null;
      try {
        return (await load()).renderFirstScreen(pathname, search, session);
      } catch (error) {
        log.warn({ err: error, pathname }, "The page's first screen could not be drawn; sent without it");
        return null;
      }
    },
    warmUp() {
      load().catch((error: unknown) =>
        log.warn({ err: error }, "The first-screen components could not be loaded"),
      );
    },
  };
}
