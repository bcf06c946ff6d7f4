import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

/** A certificate and its key, as files. */
export interface TlsFiles {
  keyFile: string;
  certFile: string;
}

/** A self-signed certificate for localhost and 127.0.0.1, valid for a day, made with openssl in `dir`. */
export function createLocalhostCertificate(dir: string): TlsFiles {
  const keyFile = path.join(dir, "key.pem");
  const certFile = path.join(dir, "cert.pem");
  execFileSync(
    "openssl",
    ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1"]
      .concat(["-keyout", keyFile, "-out", certFile, "-subj", "/CN=localhost"])
      .concat(["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"]),
    { stdio: "ignore" },
  );
  return { keyFile, certFile };
}

/**
 * Makes the test processes trust `certFile` the way a deployment trusts a private CA: through
 * NODE_EXTRA_CA_CERTS, which Node reads once when a process starts. Set here, in the process that
 * starts the test workers, every worker forked afterwards trusts it; certificates already named
 * there are kept in the bundle. Returns the bundle's path.
 */
export function trustInWorkers(certFile: string, dir: string): string {
  const bundle = path.join(dir, "extra-ca-certs.pem");
  const previous = process.env.NODE_EXTRA_CA_CERTS;
  const kept = previous && fs.existsSync(previous) ? `${fs.readFileSync(previous, "utf8").trim()}\n` : "";
  fs.writeFileSync(bundle, `${kept}${fs.readFileSync(certFile, "utf8")}`);
  process.env.NODE_EXTRA_CA_CERTS = bundle;
  return bundle;
}
