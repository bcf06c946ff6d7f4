import fs from "node:fs/promises";
import path from "node:path";

/** The mail files a server without SMTP wrote under DATA_DIR/mail, addressed to `to`. */
export async function mailFilesTo(dataDir: string, to: string): Promise<string[]> {
  const folder = path.join(dataDir, "mail");
  const names = await fs.readdir(folder).catch(() => [] as string[]);
  const texts = await Promise.all(names.map((name) => fs.readFile(path.join(folder, name), "utf8")));
  return texts.filter((text) => text.includes(`To: ${to}\n`));
}

/** Waits until `count` mail files to `to` are there, and returns them. */
export async function waitForMailFiles(dataDir: string, to: string, count: number, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = await mailFilesTo(dataDir, to);
    if (files.length >= count) return files;
    if (Date.now() > deadline) throw new Error(`${files.length} of ${count} mails to ${to} arrived`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
