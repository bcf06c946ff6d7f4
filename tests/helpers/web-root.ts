import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";

/**
 * A folder standing for the built web app, holding only this index.html, for tests of the pages the
 * server sends; remove it after the test.
 */
export async function createWebRoot(
  indexHtml: string,
): Promise<{ dir: string; remove: () => Promise<void> }> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-web-"));
  await fs.writeFile(path.join(dir, "index.html"), indexHtml);
  return { dir, remove: () => fs.rm(dir, { recursive: true, force: true }) };
}
