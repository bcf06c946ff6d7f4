// Apart from storage.ts, which loads the S3 backend on demand: both backends check keys with this,
// and the S3 one importing storage.ts would close an import cycle.
const SAFE_KEY = /^[\w.-]+$/;

/** Keys are single safe path segments, so no key can climb out of its bucket. */
export function assertSafeKey(key: string): void {
  if (!SAFE_KEY.test(key) || key.startsWith(".")) throw new Error(`Unsafe storage key: ${key}`);
}
