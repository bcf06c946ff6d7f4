// Which modules the build puts into the chunk of a shell (the app, a layout) rather than into
// chunks of their own. Left to itself the bundler gives every module shared by two lazily loaded
// modules a chunk of its own: a signed-in page then downloads some thirty small files, each
// compressed on its own and each naming what it takes from the others. Code that can only ever run
// together with a shell is better in the shell's chunk: it is downloaded with it in any case.
// vite.config.ts turns the result into code-splitting groups (docs/decisions/021).

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

function staticReach(graph: ModuleGraph, root: string): Set<string> {
  const into = new Set<string>();
  const queue = [root];
  for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
    if (into.has(id)) continue;
    into.add(id);
    queue.push(...graph.staticImports(id));
  }
  return into;
}

/**
 * The modules of each shell's chunk: those the shell imports (directly or not) that nothing can load
 * without the shell having been loaded first. Starting from the entries, every module reachable
 * without passing through the shell or one of its pages is outside it; what the shell reaches
 * besides is its own. A shell listed earlier takes its modules first (the app before the layouts).
 * The shells' and pages' own modules are left out: each keeps the chunk the page table names.
 */
export function shellModules(
  graph: ModuleGraph,
  entries: readonly string[],
  shells: readonly Shell[],
): Map<string, Set<string>> {
  const result = new Map<string, Set<string>>();
  const taken = new Set<string>();
  for (const shell of shells) {
    const inside = new Set([shell.root, ...shell.pages]);
    // Every module an entry reaches, by static or dynamic imports, without passing through the
    // shell or one of its pages.
    const outside = new Set<string>();
    const queue = [...entries];
    for (let id = queue.pop(); id !== undefined; id = queue.pop()) {
      if (outside.has(id) || inside.has(id)) continue;
      outside.add(id);
      queue.push(...graph.staticImports(id), ...graph.dynamicImports(id));
    }
    const own = new Set(
      [...staticReach(graph, shell.root)].filter(
        (id) => !outside.has(id) && !inside.has(id) && !taken.has(id),
      ),
    );
    for (const id of own) taken.add(id);
    result.set(shell.name, own);
  }
  return result;
}
