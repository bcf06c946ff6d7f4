import net from "node:net";
import { z } from "zod";

/**
 * Which proxies in front of the server may say who the client is (X-Forwarded-For): none, the
 * nearest `hops` of them, or those at the listed addresses. The client is then the right-most
 * address of the chain that is not a trusted proxy, so a client that writes its own
 * X-Forwarded-For only adds entries to the left of the one its proxy appended.
 */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

/** proxy-addr's names for the usual private ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = "", prefix, ...rest] = entry.split("/");
  const version = net.isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}

const REFUSED_TRUE =
  "'true' would trust any X-Forwarded-For, so a client could pick its own address and dodge the rate " +
  "limits. Write the number of proxies in front of the server (e.g. TRUST_PROXY=1 for one load " +
  "balancer) or their addresses (e.g. TRUST_PROXY=10.0.0.0/8,192.168.1.10), or false for none";

/** TRUST_PROXY: `false` (default), a hop count, or comma-separated proxy addresses/CIDR ranges. */
export const TrustProxySchema = z
  .string()
  .trim()
  .default("false")
  .transform((value, ctx): TrustProxy => {
    const text = value.toLowerCase();
    if (text === "false" || text === "0" || text === "no" || text === "off") return false;
    if (text === "true" || text === "yes" || text === "on") {
      ctx.addIssue({ code: "custom", message: REFUSED_TRUE });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) {
      const hops = Number(text);
      if (hops > 20) {
        ctx.addIssue({ code: "custom", message: "must be a hop count of at most 20, or proxy addresses" });
        return z.NEVER;
      }
      return { hops };
    }
    const entries = value.split(",").map((entry) => entry.trim());
    const bad = entries.filter((entry) => !isAddressOrRange(entry));
    if (bad.length > 0) {
      ctx.addIssue({
        code: "custom",
        message: `must be false, a hop count (e.g. 1) or comma-separated proxy addresses or CIDR ranges; not an address: ${bad.map((entry) => JSON.stringify(entry)).join(", ")}`,
      });
      return z.NEVER;
    }
    return { addresses: entries };
  });

/**
 * The `trustProxy` option of Fastify. Fastify refuses a bare hop count (it cannot tell a proxy from
 * a client that connects directly), so the count is given as a function of the hop: with TRUST_PROXY=1
 * the socket's peer is trusted and the entry it appended is the client.
 */
export function fastifyTrustProxy(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (trust === false) return false;
  if ("addresses" in trust) return trust.addresses;
  const { hops } = trust;
  return (_address, hop) => hop < hops;
}

/** proxy-addr's range names as subnets, for the same names in TRUST_PROXY. */
const NAMED_RANGES: Record<string, [string, number, "ipv4" | "ipv6"][]> = {
  loopback: [
    ["127.0.0.0", 8, "ipv4"],
    ["::1", 128, "ipv6"],
  ],
  linklocal: [
    ["169.254.0.0", 16, "ipv4"],
    ["fe80::", 10, "ipv6"],
  ],
  uniquelocal: [
    ["10.0.0.0", 8, "ipv4"],
    ["172.16.0.0", 12, "ipv4"],
    ["192.168.0.0", 16, "ipv4"],
    ["fc00::", 7, "ipv6"],
  ],
};

/**
 * Whether the connection's peer is a proxy TRUST_PROXY names, so what it says about the request
 * (the client's X-Request-Id) may be believed: with a hop count the peer is always the nearest
 * proxy; with addresses it must be one of them; with false there is none.
 */
export function trustedPeerCheck(trust: TrustProxy): (peer: string | undefined) => boolean {
  if (trust === false) return () => false;
  if ("hops" in trust) return () => trust.hops > 0;
  const proxies = new net.BlockList();
  for (const entry of trust.addresses) {
    for (const [address, prefix, family] of NAMED_RANGES[entry] ?? [])
      proxies.addSubnet(address, prefix, family);
    if (entry in NAMED_RANGES) continue;
    const [address = "", prefix] = entry.split("/");
    const family = net.isIP(address) === 6 ? "ipv6" : "ipv4";
    if (prefix === undefined) proxies.addAddress(address, family);
    else proxies.addSubnet(address, Number(prefix), family);
  }
  return (peer) => {
    if (!peer) return false;
    // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
    const address = peer.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, "");
    return proxies.check(address, net.isIP(address) === 6 ? "ipv6" : "ipv4");
  };
}
