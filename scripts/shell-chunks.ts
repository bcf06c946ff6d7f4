// Which modules the build puts into the chunk of a shell (the app, a layout) rather than into
// chunks of their own. Left to itself the bundler gives every module shared by two lazily loaded
// modules a chunk of its own: a signed-in page then downloads some thirty small files, each
// compressed on its own and each naming what it takes from the others. Code that can only ever run
// together with a shell is better in the shell's chunk: it is downloaded with it in any case.
// vite.config.ts turns the result into code-splitting groups (docs/decisions/021, 037).

/** The module graph as the bundler knows it, by module id. */
export interface ModuleGraph {
  staticImports(id: string): readonly string[];
  dynamicImports(id: string): readonly string[];
}

export interface Shell {
  /** The chunk's name. */
  name: string;
  /** The shell's module, loaded on demand (e.g. web/app/layout/student-layout.tsx). */
  root: string;
  /** The pages that are only ever drawn inside the shell (their own chunks stay apart). */
  pages: readonly string[];
}

/** Which small modules shared by several lazily loaded modules join a shell's chunk besides. */
export interface SharedModules {
  /** A module's size in bytes, as the bundler has it before minifying. */
  sizeOf(id: string): number;
  /** Larger modules keep their own chunks: a page that does not use one should not download it. */
  maxBytes: number;
  /** How many of a shell's pages must import a module (directly or not) for it to join the shell. */
  minPages: number;
}

/** Everything reachable from the roots by the edges `next` gives, not entering `stop`. */
function reach(roots: Iterable<string>, next: (id: string) => readonly string[], stop = new Set<string>()) {
  const into = new Set<string>();
  const queue = [...roots];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (into.has(id) || stop.has(id)) continue;
    into.add(id);
    queue.push(...next(id));
  }
  return into;
}

/**
 * The modules of each shell's chunk: those the shell imports (directly or not) that nothing can load
 * without the shell having been loaded first. Starting from the entries, every module reachable
 * without passing through the shell or one of its pages is outside it; what the shell reaches
 * besides is its own. A shell listed earlier takes its modules first (the app before the layouts).
 * The shells' and pages' own modules are left out: each keeps the chunk the page table names.
 *
 * With `shared`, small modules that would otherwise each be a file of their own join a shell too:
 * - what a layout imports that something outside it imports as well (an icon, the brand link) joins
 *   the first shell, the app's, which every page loads;
 * - what at least `minPages` of a layout's pages import, and nothing outside the layout, joins the
 *   layout's chunk; what at least `minPages` of all pages import joins the app's.
 * A page then downloads a few small modules it does not run, in far fewer files: on a phone's
 * connection each file costs a round trip. Code the entries load and code loaded on demand (a
 * dialog, a page) stay where they are. Of what joins the app's chunk, what no page outside the
 * layouts loads (not even on demand) and only one layout's side loads at first paint goes to that
 * layout's chunk instead (the date format, a browse card's picture): the pages signed out (/signup)
 * do not download it, and the layout's pages download the same modules in as many files
 * (decision 060).
 */
export function shellModules(
  graph: ModuleGraph,
  entries: readonly string[],
  shells: readonly Shell[],
  shared?: SharedModules,
): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  const taken = new Set<string>();
  const outsideOf = new Map<string, Set<string>>();
  const staticImports = (id: string) => graph.staticImports(id);
  const anyImport = (id: string) => [...graph.staticImports(id), ...graph.dynamicImports(id)];
  // A page is counted for its layout and again for the app, a layout's root twice: walked once each.
  const staticReaches = new Map<string, Set<string>>();
  const staticReach = (root: string) => {
    let found = staticReaches.get(root);
    if (!found) {
      found = reach([root], staticImports);
      staticReaches.set(root, found);
    }
    return found;
  };
  for (const shell of shells) {
    const inside = new Set([shell.root, ...shell.pages]);
    // Every module an entry reaches, by static or dynamic imports, without passing through the
    // shell or one of its pages.
    const outside = reach(entries, anyImport, inside);
    outsideOf.set(shell.name, outside);
    const own = new Set(
      [...staticReach(shell.root)].filter((id) => !outside.has(id) && !inside.has(id) && !taken.has(id)),
    );
    for (const id of own) taken.add(id);
    result.set(shell.name, own);
  }
  if (!shared) return result;

  const [app, ...layouts] = shells;
  if (!app) return result;
  const loadedByEntries = reach(entries, staticImports);
  const onDemand = new Set([...reach(entries, anyImport)].flatMap((id) => graph.dynamicImports(id)));
  const pagesAndShells = new Set(shells.flatMap((shell) => [shell.root, ...shell.pages]));
  const isMovable = (id: string) =>
    !taken.has(id) &&
    !loadedByEntries.has(id) &&
    !onDemand.has(id) &&
    !pagesAndShells.has(id) &&
    shared.sizeOf(id) <= shared.maxBytes;
  /** The modules that are in memory once the shell's chunk has run. */
  const loadedWith = (shell: Shell) => {
    const loaded = new Set([...loadedByEntries, app.root, ...(result.get(app.name) ?? [])]);
    if (shell !== app) for (const id of [shell.root, ...(result.get(shell.name) ?? [])]) loaded.add(id);
    return loaded;
  };
  /**
   * Gives the shell those candidates whose own imports are loaded with it or join it as well: the
   * shell's chunk would otherwise import the chunk of such an import, and every page would download
   * that too (a small module that reads a zod schema would bring zod to every page).
   */
  const give = (shell: Shell, candidates: Set<string>) => {
    const loaded = loadedWith(shell);
    for (let dropped = true; dropped; ) {
      dropped = false;
      for (const id of candidates) {
        if (staticImports(id).some((dep) => !loaded.has(dep) && !candidates.has(dep))) {
          candidates.delete(id);
          dropped = true;
        }
      }
    }
    for (const id of candidates) {
      result.get(shell.name)?.add(id);
      taken.add(id);
    }
  };
  // What can load without a layout: from the entries, not entering a layout or a page drawn in one.
  const layoutsAndTheirPages = new Set(layouts.flatMap((layout) => [layout.root, ...layout.pages]));
  const withoutLayouts = reach(entries, anyImport, layoutsAndTheirPages);
  /** Whether the layout or one of the pages imports the module (directly or not). */
  const atFirstPaint = (id: string, layout: Shell, pages: readonly string[]) =>
    [layout.root, ...pages].some((root) => staticReach(root).has(id));
  /**
   * The layout that is to hold a module no page outside the layouts loads, even on demand: the one
   * that imports it or whose pages do, when no other layout, nor a page drawn only in another
   * layout, does. Code another layout loads on demand (an admin tab) then reads it from this
   * layout's chunk, which it downloads on that demand.
   */
  const layoutFor = (id: string) =>
    withoutLayouts.has(id)
      ? undefined
      : layouts.find(
          (layout) =>
            atFirstPaint(id, layout, layout.pages) &&
            layouts.every(
              (other) =>
                other === layout ||
                !atFirstPaint(
                  id,
                  other,
                  other.pages.filter((page) => !layout.pages.includes(page)),
                ),
            ),
        );
  // What the app's chunk holds of its own (what only loads after the app), before it is given more.
  const appBefore = new Set(result.get(app.name));
  // The layouts first: what only a layout's pages share stays off the other pages.
  for (const shell of [...layouts, app]) {
    const outside = outsideOf.get(shell.name) ?? new Set();
    const pagesUsing = new Map<string, number>();
    for (const page of shell.pages) {
      for (const id of staticReach(page)) pagesUsing.set(id, (pagesUsing.get(id) ?? 0) + 1);
    }
    const candidates = [...pagesUsing].filter(
      ([id, pages]) => pages >= shared.minPages && !outside.has(id) && isMovable(id),
    );
    give(shell, new Set(candidates.map(([id]) => id)));
  }
  for (const layout of layouts) {
    give(app, new Set([...staticReach(layout.root)].filter(isMovable)));
  }
  // Of what the app's chunk took besides its own, what no page outside the layouts loads, not even
  // on demand, moves to the one layout that loads it at first paint: /signup then does not download
  // the browse card's picture or the date format. What it imports is in the app's chunk or moves
  // with it (a layout that imports a module loads what that module imports), so the layout's pages
  // download the same modules as before, in the same number of files.
  const appChunk = result.get(app.name) ?? new Set();
  for (const id of [...appChunk].filter((id) => !appBefore.has(id))) {
    const layout = layoutFor(id);
    if (!layout) continue;
    appChunk.delete(id);
    result.get(layout.name)?.add(id);
  }
  return result;
}
