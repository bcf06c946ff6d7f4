// The landing page without React: the build writes it as dist/web/landing.html, drawn with
// react-dom/server from the page's own components, beside the app's index.html, and the server
// sends it for GET / (server/plugins/spa.ts). Its one script, web/features/landing/landing-session.ts,
// puts in the calls to action for whoever is signed in. A second copy, drawn for a visitor, goes to
// requests without a session cookie, so that nothing is asked or swapped. See docs/decisions/020-*.
import path from "node:path";
import { type AliasOptions, type Plugin, runnerImport } from "vite";
import { SIGNED_OUT_LANDING_FILE } from "../shared/app-routes";
import { SIGNED_OUT_PAGE } from "../web/features/landing/session-parts";
import type { renderStaticLanding } from "../web/features/landing/static-landing";

/** The landing page's file in the build, served for GET /. */
export const LANDING_HTML = "landing.html";

const RENDERER = "features/landing/static-landing.tsx";
const SCRIPT = "features/landing/landing-session.ts";

/** Replaces `pattern` in `html`, failing the build when the built index.html no longer has it. */
function replaceIn(html: string, pattern: string | RegExp, replacement: string, what: string): string {
  // A function, so that a "$" in the page is not read as a replacement pattern.
  const replaced = html.replace(pattern, () => replacement);
  if (replaced === html) throw new Error(`${LANDING_HTML}: the built index.html has no ${what}`);
  return replaced;
}

export function landingPageHtml(): Plugin {
  let webRoot = "";
  let alias: AliasOptions = [];
  let scriptRef = "";
  return {
    name: "campus-bazaar:landing-page-html",
    apply: "build",
    configResolved(config) {
      webRoot = config.root;
      alias = config.resolve.alias;
    },
    buildStart() {
      // Bundled and minified with the app, under its own hashed name.
      scriptRef = this.emitFile({ type: "chunk", id: path.join(webRoot, SCRIPT), name: "landing" });
    },
    generateBundle: {
      // After index.html is in the bundle with its stylesheet and scripts.
      order: "post",
      async handler(_options, bundle) {
        const index = bundle["index.html"];
        if (index?.type !== "asset") throw new Error("The build has no index.html");
        // The components run in Node through Vite, with the app's aliases.
        const { module } = await runnerImport<{ renderStaticLanding: typeof renderStaticLanding }>(
          path.join(webRoot, RENDERER),
          { configFile: false, root: webRoot, logLevel: "error", resolve: { alias } },
        );
        const { title, page, templates, signedOutPage } = module.renderStaticLanding();
        let html = String(index.source);
        // The app's entry, its preloads and its table of route chunks: the landing page needs none.
        html = replaceIn(html, /\s*<script type="module"[^>]*><\/script>/g, "", "entry script");
        html = html.replace(/\s*<link rel="modulepreload"[^>]*>/g, "");
        html = replaceIn(
          html,
          /\s*<script type="application\/json" id="route-chunks">.*?<\/script>/s,
          "",
          "route table",
        );
        html = replaceIn(html, /<title>[^<]*<\/title>/, `<title>${title}</title>`, "title");
        html = replaceIn(
          html,
          "</head>",
          `  <script type="module" src="/${this.getFileName(scriptRef)}"></script>\n  </head>`,
          "</head>",
        );
        const pageWithRoot = (root: string) => replaceIn(html, '<div id="root"></div>', root, "#root");
        this.emitFile({
          type: "asset",
          fileName: LANDING_HTML,
          source: pageWithRoot(`<div id="root">${page}</div>\n${templates}`),
        });
        this.emitFile({
          type: "asset",
          fileName: SIGNED_OUT_LANDING_FILE,
          source: pageWithRoot(`<div id="root" data-session="${SIGNED_OUT_PAGE}">${signedOutPage}</div>`),
        });
      },
    },
  };
}
