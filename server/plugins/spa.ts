import fs from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { PageSession } from "@shared/api/auth";
import {
  FIRST_SCREEN_ATTRIBUTE,
  isAppRoute,
  SESSION_ELEMENT_ID,
  SIGNED_OUT_LANDING_FILE,
} from "@shared/app-routes";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { escapeHtml } from "../lib/escape-html";
import { indexPageReader } from "./page-preloads";

/** The two landing pages the build writes; which one / sends depends on the session cookie. */
const LANDING_FILES = ["landing.html", SIGNED_OUT_LANDING_FILE];

/** A GET for one of the app's pages: not the API, not a built asset. */
export function isPageRequest(request: Pick<FastifyRequest, "method" | "url">): boolean {
  return request.method === "GET" && !request.url.startsWith("/api/") && !request.url.startsWith("/assets/");
}

export interface SpaOptions {
  root: string;
  /**
   * Tags a page carries in its <head> when it is sent (an item's link-preview tags), and a body
   * that replaces the app (a signed-out visitor's item teaser, without scripts); null for the plain
   * index.html.
   */
  pageFor?: (
    request: FastifyRequest,
    pathname: string,
  ) => Promise<{ head: string; body: string | null } | null>;
  /**
   * Who is signed in, as GET /api/auth/me answers it, and the answers to the page's first requests,
   * written into each page of the app so that it draws at once instead of asking first
   * (web/lib/session.tsx reads it).
   */
  sessionFor?: (request: FastifyRequest, pathname: string, search: URLSearchParams) => Promise<PageSession>;
  /**
   * The pictures the page shows first, from the answers written into it: named in the head with a
   * high priority, the browser fetches them beside the page's code.
   */
  picturesFor?: (session: PageSession) => string[];
  /**
   * The page's first screen as HTML, drawn from the answers written into it, for the page's #root
   * before the app's code has arrived; null for a page the server does not draw.
   */
  firstScreenFor?: (pathname: string, search: string, session: PageSession) => Promise<string | null>;
  /**
   * Whether the request brings a session cookie. Without one nobody can be signed in, and / is sent
   * as the build drew it for a visitor, so the page's script has nothing to ask the server.
   */
  hasSessionCookie?: (request: FastifyRequest) => boolean;
}

/**
 * Serves the built single-page app: hashed assets cached for a year, the pages never cached, the
 * landing page's own HTML for / (the build writes it without React: scripts/landing-page-html.ts)
 * and index.html for every other GET outside /api so the browser's router takes over: with 200 for
 * the app's own addresses (shared/app-routes.ts) and 404 for any other, where the app draws its
 * 'Page not found' page. Unknown API paths get the usual JSON error.
 */
export const spaPlugin = fp(async (app: FastifyInstance, options: SpaOptions) => {
  const hasWebApp = fs.existsSync(path.join(options.root, "index.html"));
  if (hasWebApp) {
    await app.register(fastifyStatic, {
      root: options.root,
      // Files are looked up per request, so a rebuild is served without a restart.
      wildcard: true,
      // GET / sends the landing page, or index.html from a build without it.
      index: ["landing.html", "index.html"],
      // The build writes .br and .gz copies of its text files (vite.config.ts): sent when accepted.
      preCompressed: true,
      setHeaders(res, filePath) {
        const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
        res.header("cache-control", isHashedAsset ? "public, max-age=31536000, immutable" : "no-cache");
        // Which landing page / sends depends on the session cookie.
        if (LANDING_FILES.includes(path.basename(filePath))) res.header("vary", "Cookie");
      },
    });
    if (options.hasSessionCookie && fs.existsSync(path.join(options.root, SIGNED_OUT_LANDING_FILE))) {
      const { hasSessionCookie } = options;
      app.addHook("onRequest", async (request, reply) => {
        // Every request passes here: the cheap checks first, without building strings.
        const isLanding = request.url === "/" || request.url.startsWith("/?");
        if (request.method !== "GET" || !isLanding || hasSessionCookie(request)) return;
        return reply.sendFile(SIGNED_OUT_LANDING_FILE);
      });
    }
  } else {
    app.log.warn(`No built web app in ${options.root}: run "npm run build". Only the API is served.`);
  }

  const readIndex = indexPageReader(path.join(options.root, "index.html"));
  app.setNotFoundHandler(async (request, reply) => {
    // A missing hashed asset must be a 404, not the page: a stale tab then fails loudly.
    if (hasWebApp && isPageRequest(request)) {
      const [pathname = "/", query = ""] = request.url.split("?", 2);
      reply.header("cache-control", "no-cache");
      const extra = options.pageFor ? await options.pageFor(request, pathname) : null;
      const index = await readIndex();
      let page: string;
      if (extra?.body != null) {
        const body = extra.body;
        page = index.html
          .replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "")
          .replace(/<link rel="modulepreload"[^>]*>/g, "")
          .replace('<div id="root"></div>', () => body);
      } else {
        page = index.withPreloads(pathname);
        if (options.sessionFor) {
          // The page now names who asked for it: no cache may keep it.
          reply.header("cache-control", "no-store");
          const session = await options.sessionFor(request, pathname, new URLSearchParams(query));
          const written = JSON.stringify(session).replaceAll("<", "\\u003c");
          // First in the head (after the charset, where the page names one), before the stylesheet
          // and the scripts: on a slow connection the browser's few connections go to the pictures
          // the first screen shows before the code.
          const pictureLinks = (options.picturesFor?.(session) ?? [])
            .map(
              (url) => `\n    <link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(url)}">`,
            )
            .join("");
          page = page
            .replace(/<meta charset="[^"]*"\s*\/?>|<head>/i, (opening) => `${opening}${pictureLinks}`)
            .replace(
              "</head>",
              () =>
                `  <script type="application/json" id="${SESSION_ELEMENT_ID}">${written}</script>\n  </head>`,
            );
          const firstScreen = await options.firstScreenFor?.(pathname, query ? `?${query}` : "", session);
          if (firstScreen) {
            // Inert until the app replaces it with its own first render (web/main.tsx): a tap or
            // a typed letter before then would be lost with it.
            page = page.replace(
              '<div id="root"></div>',
              () => `<div id="root"><div ${FIRST_SCREEN_ATTRIBUTE} inert>${firstScreen}</div></div>`,
            );
          }
        }
      }
      if (extra) page = page.replace("</head>", () => `  ${extra.head}\n  </head>`);
      return reply
        .code(extra !== null || isAppRoute(pathname) ? 200 : 404)
        .type("text/html; charset=utf-8")
        .send(page);
    }
    const pathOnly = request.url.split("?")[0];
    return reply
      .code(404)
      .send({ error: { code: "not_found", message: `No such endpoint: ${request.method} ${pathOnly}` } });
  });
});
