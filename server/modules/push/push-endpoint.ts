import https from "node:https";
import { isIP } from "node:net";
import { isPublicAddress, lookupPublicOnly, resolvesToPublicOnly } from "../../lib/public-address";

/**
 * Where the server may POST a push: https on port 443 at public addresses only, so a student cannot
 * point the outbox at the server's own network (and learn from a 404 that removes the device what
 * answers there). The hosts of PUSH_ALLOWED_PRIVATE_HOSTS (a push service inside the network, the
 * test suite's local one) are exempt, any port.
 */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
}

function isAllowedHost(url: URL, allowedHosts: readonly string[]): boolean {
  const host = hostOf(url);
  return allowedHosts.some((allowed) => allowed.replace(/^\[|\]$/g, "") === host);
}

/** What can be said of the address alone, before any name is resolved. */
function staticProblem(url: URL): string | null {
  if (url.protocol !== "https:") return "not https";
  if (url.port !== "" && url.port !== "443") return `port ${url.port} is not 443`;
  const host = hostOf(url);
  if (isIP(host) && !isPublicAddress(host)) return `${host} is not a public address`;
  return null;
}

/** Whether a push address may be stored: checked at subscribe, including where its name resolves. */
export async function isReachablePushEndpoint(
  endpoint: string,
  allowedHosts: readonly string[],
): Promise<boolean> {
  const url = new URL(endpoint);
  if (isAllowedHost(url, allowedHosts)) return true;
  if (staticProblem(url)) return false;
  return resolvesToPublicOnly(hostOf(url));
}

export interface PushRequest {
  endpoint: string;
  headers: Record<string, string | number>;
  body: Buffer | null;
}

/** A push service's refusal, with its status (404 and 410 mean the device is gone). */
export class PushServiceError extends Error {
  override name = "PushServiceError";
  constructor(readonly statusCode: number) {
    super(`push service answered ${statusCode}`);
  }
}

/**
 * POSTs one push, checked again at send time: the port and a literal address here, and a name's
 * addresses at the moment of connecting (lookupPublicOnly), so a name that resolved to a public
 * address at subscribe and to a private one now is never connected to. The signal ends it.
 */
export function postPush(request: PushRequest, allowedHosts: readonly string[], signal: AbortSignal) {
  const url = new URL(request.endpoint);
  const isAllowed = isAllowedHost(url, allowedHosts);
  const problem = isAllowed ? null : staticProblem(url);
  if (problem) return Promise.reject(new Error(`push address refused: ${problem}`));
  return new Promise<void>((resolve, reject) => {
    const outgoing = https.request(
      url,
      {
        method: "POST",
        headers: request.headers,
        signal,
        ...(isAllowed ? {} : { lookup: lookupPublicOnly }),
      },
      (response) => {
        response.resume();
        const status = response.statusCode ?? 0;
        if (status >= 200 && status < 300) resolve();
        else reject(new PushServiceError(status));
      },
    );
    outgoing.on("error", reject);
    outgoing.end(request.body ?? undefined);
  });
}
