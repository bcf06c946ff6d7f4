import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { SIGNED_OUT_LANDING_FILE } from "@shared/app-routes";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { frameworkErrorsFor } from "./errors";
import { spaPlugin } from "./spa";

const folders: string[] = [];
afterEach(async () => {
  await Promise.all(folders.splice(0).map((folder) => fs.rm(folder, { recursive: true, force: true })));
});

/** The server over a build folder holding these files. */
async function serverOver(files: Record<string, string>) {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-spa-"));
  folders.push(root);
  for (const [file, content] of Object.entries(files)) await fs.writeFile(path.join(root, file), content);
  const app = Fastify();
  await app.register(spaPlugin, { root });
  return app;
}

describe("the installable app's files", () => {
  it("serves the manifest with its type and the service worker as script, never the page, always revalidated", async () => {
    const app = await serverOver({
      "index.html": "the app",
      "manifest.webmanifest": '{"name":"Campus Bazaar"}',
      "sw.js": "self.addEventListener('fetch', () => {});",
      "push-sw.js": "self.addEventListener('push', () => {});",
    });
    const manifest = await app.inject({ method: "GET", url: "/manifest.webmanifest" });
    expect(manifest.statusCode).toBe(200);
    expect(manifest.headers["content-type"]).toMatch(/^application\/manifest\+json/);
    expect(manifest.json()).toEqual({ name: "Campus Bazaar" });
    for (const url of ["/sw.js", "/push-sw.js"]) {
      const worker = await app.inject({ method: "GET", url });
      expect(worker.statusCode, url).toBe(200);
      expect(worker.headers["content-type"], url).toMatch(/^(text|application)\/javascript/);
      // A new worker must be found on the next visit: the browser revalidates it every time.
      expect(worker.headers["cache-control"], url).toBe("no-cache");
      expect(worker.body, url).not.toBe("the app");
    }
    await app.close();
  });
});

describe("the built web app's pages", () => {
  it("sends the landing page's own HTML for / and the app for every other address", async () => {
    const app = await serverOver({ "index.html": "the app", "landing.html": "the landing page" });
    const landing = await app.inject({ method: "GET", url: "/" });
    expect(landing.statusCode).toBe(200);
    expect(landing.body).toBe("the landing page");
    expect(landing.headers["content-type"]).toMatch(/^text\/html/);
    expect(landing.headers["cache-control"]).toBe("no-cache");
    expect((await app.inject({ method: "GET", url: "/?ref=mail" })).body).toBe("the landing page");
    for (const url of ["/login", "/buy", "/item/42"]) {
      expect((await app.inject({ method: "GET", url })).body, url).toBe("the app");
    }
    await app.close();
  });

  it("sends / drawn for a visitor to a request without a session cookie, the page that asks otherwise", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-spa-"));
    folders.push(root);
    const files = {
      "index.html": "the app",
      "landing.html": "the landing page that asks who is signed in",
      [SIGNED_OUT_LANDING_FILE]: "the landing page for a visitor",
    };
    for (const [file, content] of Object.entries(files)) await fs.writeFile(path.join(root, file), content);
    const app = Fastify();
    await app.register(spaPlugin, {
      root,
      hasSessionCookie: (request) => request.headers.cookie?.includes("session=") ?? false,
    });
    for (const url of ["/", "/?ref=mail"]) {
      const visitor = await app.inject({ method: "GET", url });
      expect(visitor.statusCode, url).toBe(200);
      expect(visitor.body, url).toBe("the landing page for a visitor");
      expect(visitor.headers["content-type"], url).toMatch(/^text\/html/);
      expect(visitor.headers["cache-control"], url).toBe("no-cache");
      expect(visitor.headers.vary, url).toMatch(/Cookie/);
    }
    const member = await app.inject({ method: "GET", url: "/", headers: { cookie: "session=abc" } });
    expect(member.body).toBe("the landing page that asks who is signed in");
    expect(member.headers.vary).toMatch(/Cookie/);
    expect((await app.inject({ method: "GET", url: "/login" })).body).toBe("the app");
    await app.close();
  });

  it("answers 404 with the app for an address the app has no page for, 200 for its own", async () => {
    const app = await serverOver({ "index.html": "the app", "landing.html": "the landing page" });
    for (const url of [
      "/no-such-page",
      "/items",
      "/item",
      "/item/42/extra",
      "/dashboard/x",
      "/profile/a/b",
    ]) {
      const answer = await app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(404);
      // The app still comes, and draws its 'Page not found' page with the navigation.
      expect(answer.body, url).toBe("the app");
      expect(answer.headers["content-type"], url).toMatch(/^text\/html/);
      expect(answer.headers["cache-control"], url).toBe("no-cache");
    }
    const routes = [
      "/login",
      "/buy?category=books&sort=price-asc",
      "/item/8f3a2c1e-1111-4222-8333-444455556666",
      "/profile",
      "/profile/42",
      "/user/42",
      "/settings/",
      "/Dashboard",
      "/messages?chatId=7",
      "/admin",
    ];
    for (const url of routes) {
      const answer = await app.inject({ method: "GET", url });
      expect(answer.statusCode, url).toBe(200);
      expect(answer.body, url).toBe("the app");
    }
    // Unknown API paths and missing hashed files keep their plain 404s.
    const api = await app.inject({ method: "GET", url: "/api/nothing" });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ error: { code: "not_found" } });
    expect((await app.inject({ method: "GET", url: "/assets/gone-1234.js" })).statusCode).toBe(404);
    await app.close();
  });

  it("writes the page's own chunks as modulepreload links, in place of the build's table of every page's, and leaves the manifest's link to the app", async () => {
    const table = JSON.stringify({
      app: ["app-shell-1.js"],
      routes: { "/buy": ["student-layout-2.js", "browse-page-3.js"], "/item/:itemId": ["item-page-4.js"] },
    });
    const app = await serverOver({
      "index.html": `<html><head><link rel="manifest" href="/manifest.webmanifest"><script type="application/json" id="route-chunks">${table}</script></head><body><div id="root"></div></body></html>`,
    });
    const preloads = (body: string) =>
      [...body.matchAll(/<link rel="modulepreload" crossorigin href="\/assets\/([^"]+)">/g)].map(
        (found) => found[1],
      );
    const browse = await app.inject({ method: "GET", url: "/buy?category=books" });
    expect(browse.statusCode).toBe(200);
    expect(preloads(browse.body)).toEqual(["app-shell-1.js", "student-layout-2.js", "browse-page-3.js"]);
    expect(browse.body).not.toContain("route-chunks");
    // Linked by the app once its first page is drawn (web/pwa/register.ts): not fetched before first paint.
    expect(browse.body).not.toContain('rel="manifest"');
    expect(preloads((await app.inject({ method: "GET", url: "/item/42" })).body)).toEqual([
      "app-shell-1.js",
      "item-page-4.js",
    ]);
    // A page without code of its own, and an address the app has no page for, get the app's.
    const unknown = await app.inject({ method: "GET", url: "/no-such-page" });
    expect(unknown.statusCode).toBe(404);
    expect(preloads(unknown.body)).toEqual(["app-shell-1.js"]);
    await app.close();
  });

  it("sends the app for / from a build without a landing page of its own", async () => {
    const app = await serverOver({ "index.html": "the app" });
    expect((await app.inject({ method: "GET", url: "/" })).body).toBe("the app");
    await app.close();
  });
});

describe("addresses the router cannot decode", () => {
  it("sends a page's address the app with a 400, so the app says what is wrong; the API keeps its JSON", async () => {
    const root = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-spa-"));
    folders.push(root);
    await fs.writeFile(path.join(root, "index.html"), "the app");
    const app = Fastify({ frameworkErrors: frameworkErrorsFor(root) });
    await app.register(spaPlugin, { root });

    const page = await app.inject({ method: "GET", url: "/item/%E0%A4%A" });
    expect(page.statusCode).toBe(400);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["cache-control"]).toBe("no-cache");
    expect(page.body).toBe("the app");

    const api = await app.inject({ method: "GET", url: "/api/items/%E0%A4%A" });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toEqual({ error: { code: "invalid_input", message: "The address is not valid." } });
    await app.close();
  });
});
