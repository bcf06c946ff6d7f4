import { createDecipheriv, createECDH, hkdfSync, randomBytes } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import type { AddressInfo } from "node:net";
import { inject } from "vitest";
import type { TlsFiles } from "./push-receiver-tls";

/** One request a push service received: its headers and the decrypted payload. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  payload: unknown;
}

/** A browser's subscription keys (the user agent's P-256 pair and auth secret). */
export interface BrowserKeys {
  p256dh: string;
  auth: string;
  decrypt(body: Buffer): unknown;
}

/** Keys as a browser makes them, and the RFC 8291 (aes128gcm) decryption the browser would do. */
export function browserKeys(): BrowserKeys {
  const ecdh = createECDH("prime256v1");
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    p256dh: uaPublic.toString("base64url"),
    auth: authSecret.toString("base64url"),
    decrypt(body) {
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const asPublic = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(asPublic);
      const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
      const ikm = Buffer.from(hkdfSync("sha256", shared, authSecret, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16),
      );
      const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
      const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const plain = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 and any padding zeros.
      const end = plain.lastIndexOf(2);
      return JSON.parse(plain.subarray(0, end).toString("utf8"));
    },
  };
}

/**
 * A push service on loopback over https. Its certificate is trusted the way a real push service's
 * is, through the process's CA store: NODE_EXTRA_CA_CERTS, set for the workers by the API tests'
 * global setup (tests/helpers/api-global-setup.ts); no agent or request option changes for tests.
 * `certificate` gives it another one (an untrusted push service). Each path answers with the status
 * set for it (201 by default; "hang": never, a push service that accepts and does not answer) and
 * records what arrived, decrypted with the keys registered.
 */
export async function startPushReceiver({ certificate }: { certificate?: TlsFiles } = {}) {
  const tls = certificate ?? inject("pushReceiverTls");
  if (!certificate && !process.env.NODE_EXTRA_CA_CERTS) {
    throw new Error(
      "NODE_EXTRA_CA_CERTS is not set: run the push tests through the api project's global setup",
    );
  }
  const cert = fs.readFileSync(tls.certFile);
  const received: ReceivedPush[] = [];
  const keysByPath = new Map<string, BrowserKeys>();
  /** A status to answer with, or "hang": the request is read and never answered (until close). */
  const statusByPath = new Map<string, number | "hang">();
  const server = https.createServer({ key: fs.readFileSync(tls.keyFile), cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const pathName = request.url ?? "/";
      const keys = keysByPath.get(pathName);
      const body = Buffer.concat(chunks);
      received.push({ path: pathName, headers: request.headers, payload: keys ? keys.decrypt(body) : null });
      const answer = statusByPath.get(pathName) ?? 201;
      if (answer === "hang") return;
      response.statusCode = answer;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    /** A new subscription of a browser: its endpoint on this receiver and its keys. */
    subscription(name: string) {
      const keys = browserKeys();
      const pathName = `/push/${name}`;
      keysByPath.set(pathName, keys);
      return {
        endpoint: `https://localhost:${port}${pathName}`,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      };
    },
    answer(endpoint: string, status: number | "hang") {
      statusByPath.set(new URL(endpoint).pathname, status);
    },
    to(endpoint: string) {
      return received.filter((push) => push.path === new URL(endpoint).pathname);
    },
    async close() {
      // Hanging requests are cut, as a process ending would.
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
