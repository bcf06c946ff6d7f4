import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createLocalhostCertificate, type TlsFiles, trustInWorkers } from "./push-receiver-tls";
import { createTemplate, dropTemplate, type TestDatabaseTarget } from "./test-database";

declare module "vitest" {
  export interface ProvidedContext {
    testDatabase: TestDatabaseTarget;
    /** The local push service's certificate, which the workers trust through NODE_EXTRA_CA_CERTS. */
    pushReceiverTls: TlsFiles;
  }
}

/**
 * Builds the one migrated, seeded template all API test files copy. TEST_DB_TARGET=postgres runs
 * the suite on the PostgreSQL server named by TEST_DATABASE_URL instead of the embedded database.
 * Also makes the local push service's certificate, trusted by the workers (forked after this) as a
 * push service's is in production: by the process's CA store, with no option in the code.
 */
export default async function setup(project: TestProject) {
  const onPostgres = process.env.TEST_DB_TARGET === "postgres";
  const postgresUrl = process.env.TEST_DATABASE_URL;
  if (onPostgres && !postgresUrl) throw new Error("TEST_DB_TARGET=postgres needs TEST_DATABASE_URL");
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-template-"));
  const target = await createTemplate({
    postgresUrl: onPostgres ? postgresUrl : undefined,
    templateFile: path.join(dir, "template.tar"),
  });
  project.provide("testDatabase", target);
  const tlsDir = await fs.mkdtemp(path.join(os.tmpdir(), "campus-bazaar-push-tls-"));
  const tls = createLocalhostCertificate(tlsDir);
  trustInWorkers(tls.certFile, tlsDir);
  project.provide("pushReceiverTls", tls);
  return async () => {
    await dropTemplate(target);
    await fs.rm(dir, { recursive: true, force: true });
    await fs.rm(tlsDir, { recursive: true, force: true });
  };
}
