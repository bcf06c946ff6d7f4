import { describe, expect, it } from "vitest";
import { notYetLoaded } from "./preload-lists";

describe("notYetLoaded", () => {
  const imports: Record<string, string[]> = {
    "page.js": ["layout-shell.js", "app-shell.js"],
    "layout-shell.js": ["app-shell.js", "logout.js"],
    "app-shell.js": ["index.js"],
    "admin-page.js": ["app-shell.js"],
  };
  const importsOf = (file: string) => imports[file] ?? [];

  it("leaves out what the importer has imported, directly or not", () => {
    const deps = ["dialog.js", "layout-shell.js", "logout.js", "app-shell.js", "index.js", "icon.js"];
    expect(notYetLoaded(importsOf, "page.js", deps)).toEqual(["dialog.js", "icon.js"]);
  });

  it("keeps what the importer has not loaded, such as another layout's chunk", () => {
    const deps = ["tab.js", "layout-shell.js", "logout.js", "app-shell.js"];
    expect(notYetLoaded(importsOf, "admin-page.js", deps)).toEqual([
      "tab.js",
      "layout-shell.js",
      "logout.js",
    ]);
  });
});
