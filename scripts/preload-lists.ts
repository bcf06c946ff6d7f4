// What a lazily loaded chunk's preload list names (Vite's build.modulePreload.resolveDependencies).

/**
 * The chunks of `deps` that the chunk `host` has not imported already (directly or not), with
 * `importsOf` giving each chunk's static imports: those it has are in memory when its dynamic import
 * runs, so naming them again only costs every page that carries the list.
 */
export function notYetLoaded(
  importsOf: (file: string) => readonly string[],
  host: string,
  deps: readonly string[],
): string[] {
  const loaded = new Set<string>();
  const queue = [host];
  for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
    if (loaded.has(file)) continue;
    loaded.add(file);
    queue.push(...importsOf(file));
  }
  return deps.filter((dep) => !loaded.has(dep));
}
