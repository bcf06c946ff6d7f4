import { describe, expect, it } from "vitest";
import { type ModuleGraph, shellModules } from "./shell-chunks";

/** A module graph from `{ id: [static imports] }` and `{ id: [dynamic imports] }`. */
function graphOf(
  staticImports: Record<string, string[]>,
  dynamicImports: Record<string, string[]> = {},
): ModuleGraph {
  return {
    staticImports: (id) => staticImports[id] ?? [],
    dynamicImports: (id) => dynamicImports[id] ?? [],
  };
}

// main -> (lazy) app -> (lazy) login, layout, page; the layout draws page; landing is a second entry.
const graph = graphOf(
  {
    main: ["react"],
    app: ["router", "query", "react"],
    router: ["react"],
    login: ["field", "form"],
    layout: ["nav", "icons", "socket"],
    page: ["field", "icons", "list"],
    landing: ["query-keys"],
    nav: ["icons"],
    dialog: ["form"],
  },
  { main: ["app"], router: ["login", "layout", "page"], page: ["dialog"], socket: ["parser"] },
);
const shells = [
  { name: "app-shell", root: "app", pages: [] },
  { name: "layout-shell", root: "layout", pages: ["page"] },
];

describe("shellModules", () => {
  const modules = shellModules(graph, ["main", "landing"], shells);

  it("gives the app's shell what only loads after the app, not what the entry loads", () => {
    expect([...(modules.get("app-shell") ?? [])].sort()).toEqual(["query", "router"]);
  });

  it("gives a layout what only it and its pages use, and leaves the shell and page modules apart", () => {
    // icons: the layout's and its page's; socket: the layout's. field is shared with /login.
    expect([...(modules.get("layout-shell") ?? [])].sort()).toEqual(["icons", "nav", "socket"]);
  });

  it("leaves out what a page outside the layout also reaches, even through a lazy dialog", () => {
    const withDialogElsewhere = graphOf(
      { app: ["router"], layout: ["form"], login: [], dialog: ["form"] },
      { main: ["app"], router: ["login", "layout"], login: ["dialog"] },
    );
    const result = shellModules(withDialogElsewhere, ["main"], shells);
    expect(result.get("layout-shell")?.has("form")).toBe(false);
  });

  it("does not give a module to two shells", () => {
    const shared = shellModules(
      graphOf({ app: ["a"], layout: ["a"] }, { main: ["app"], app: ["layout"] }),
      ["main"],
      shells,
    );
    expect(shared.get("app-shell")?.has("a")).toBe(true);
    expect(shared.get("layout-shell")?.has("a")).toBe(false);
  });
});

describe("shellModules with small shared modules", () => {
  // Three pages inside the layout and login outside it; main is the entry, app loads them on demand.
  const withPages = graphOf(
    {
      main: ["react"],
      app: ["router"],
      layout: ["brand", "big-nav"],
      login: ["brand", "alert", "dialog-user"],
      one: ["format", "card", "alert", "react"],
      two: ["format", "card", "alert"],
      three: ["format", "alert", "big-table", "dialog-user"],
    },
    { main: ["app"], router: ["login", "layout", "one", "two", "three"], one: ["dialog-user"] },
  );
  const pagesShells = [
    { name: "app-shell", root: "app", pages: ["login", "one", "two", "three"] },
    { name: "layout-shell", root: "layout", pages: ["one", "two", "three"] },
  ];
  const sizes: Record<string, number> = { "big-nav": 9000, "big-table": 9000 };
  const modules = shellModules(withPages, ["main"], pagesShells, {
    sizeOf: (id) => sizes[id] ?? 500,
    maxBytes: 4000,
    minPages: 3,
  });
  const of = (shell: string) => [...(modules.get(shell) ?? [])].sort();

  it("gives a layout the small modules enough of its pages share, and the app what pages share across layouts", () => {
    // format: all three layout pages; alert: those three and login; card: only two pages;
    // brand: the layout and login.
    expect(of("layout-shell")).toEqual(["big-nav", "format"]);
    expect(of("app-shell")).toEqual(["alert", "brand", "router"]);
  });

  it("leaves large modules, modules loaded on demand and the entry's own modules where they are", () => {
    const placed = new Set([...of("app-shell"), ...of("layout-shell")]);
    for (const id of ["big-table", "dialog-user", "react", "card", "one", "layout"]) {
      expect(placed.has(id), id).toBe(false);
    }
  });
});

describe("shellModules keeps a shell's chunk from importing more", () => {
  it("leaves out a small shared module whose own import would otherwise come with every page", () => {
    const graph = graphOf(
      { app: ["router"], one: ["badge", "money"], two: ["badge", "money"], money: ["schemas"] },
      { main: ["app"], router: ["one", "two"] },
    );
    const modules = shellModules(
      graph,
      ["main"],
      [{ name: "app-shell", root: "app", pages: ["one", "two"] }],
      {
        sizeOf: (id) => (id === "schemas" ? 20_000 : 500),
        maxBytes: 4000,
        minPages: 2,
      },
    );
    // money needs schemas, which is too large to join: both keep a chunk that only pages load.
    expect([...(modules.get("app-shell") ?? [])].sort()).toEqual(["badge", "router"]);
  });
});

describe("shellModules keeps what only signed-in pages share off the pages signed out", () => {
  // login is a page outside the layouts; one, two and three are drawn in the student layout, admin
  // in the admin layout, whose tab (loaded on demand) formats dates too.
  const graph = graphOf(
    {
      app: ["router"],
      student: ["nav", "keys"],
      admin: ["nav"],
      login: ["alert"],
      one: ["format", "thumb", "alert", "params", "money"],
      two: ["format", "thumb", "alert", "params"],
      three: ["format", "thumb", "back", "params"],
      "admin-page": ["params"],
      "admin-tab": ["format", "keys", "images"],
      thumb: ["images", "format"],
      back: ["arrow"],
      "login-dialog": ["money"],
      four: ["money", "back"],
      five: ["money", "back"],
    },
    {
      main: ["app"],
      router: ["login", "student", "admin", "one", "two", "three", "four", "five", "admin-page"],
      "admin-page": ["admin-tab"],
      login: ["login-dialog"],
    },
  );
  const studentPages = ["one", "two", "three", "four", "five"];
  const shells = [
    { name: "app-shell", root: "app", pages: ["login", ...studentPages, "admin-page"] },
    { name: "student-shell", root: "student", pages: studentPages },
    { name: "admin-shell", root: "admin", pages: ["admin-page"] },
  ];
  const modules = shellModules(graph, ["main"], shells, {
    sizeOf: () => 500,
    maxBytes: 4000,
    minPages: 3,
  });
  const of = (shell: string) => [...(modules.get(shell) ?? [])].sort();

  it("gives the student layout what only its side loads, even when an admin tab loads it on demand", () => {
    // format, thumb and images: three student pages (format and images an admin tab too); keys: the
    // student layout (and the admin tab); back and arrow: three student pages only.
    expect(of("student-shell")).toEqual(["arrow", "back", "format", "images", "keys", "thumb"]);
  });

  it("leaves in the app's chunk what a page outside the layouts or two layouts load", () => {
    // alert: login; money: login's dialog, on demand; params: the admin page as it opens; nav: both
    // layouts.
    expect(of("app-shell")).toEqual(["alert", "money", "nav", "params", "router"]);
    expect(of("admin-shell")).toEqual([]);
  });

  it("moves nothing that a module left in the app's chunk imports", () => {
    const inApp = new Set(of("app-shell"));
    const inStudent = new Set(of("student-shell"));
    for (const id of inApp) {
      for (const dep of graph.staticImports(id)) expect(inStudent.has(dep), `${id} -> ${dep}`).toBe(false);
    }
  });
});
