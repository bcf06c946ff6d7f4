import dns from "node:dns";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const NOT_PUBLIC_V4: [string, number][] = [
  ["0.0.0.0", 8], // "this network"
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata services
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relays
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
];

/** Inside global unicast (2000::/3), the IPv6 ranges that are still not a public host. */
const NOT_PUBLIC_V6: [string, number][] = [
  ["2001::", 23], // IETF protocol assignments (Teredo, benchmarking, ORCHID)
  ["2001:db8::", 32], // documentation
  ["2002::", 16], // 6to4: an IPv4 address inside, any of them
  ["3fff::", 20], // documentation
];

const notPublic = new BlockList();
for (const [network, prefix] of NOT_PUBLIC_V4) notPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of NOT_PUBLIC_V6) notPublic.addSubnet(network, prefix, "ipv6");
const globalUnicast = new BlockList();
globalUnicast.addSubnet("2000::", 3, "ipv6");

/**
 * Whether an address is a host on the public internet. IPv6 counts only inside global unicast, so
 * loopback (::1), unique local (fc00::/7), link-local (fe80::/10), IPv4-mapped and NAT64 addresses
 * are all refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) return !notPublic.check(bare, "ipv4");
  if (family === 6) return globalUnicast.check(bare, "ipv6") && !notPublic.check(bare, "ipv6");
  return false;
}

export class NotPublicAddressError extends Error {
  override name = "NotPublicAddressError";
  readonly code = "ENOTPUBLIC";
  constructor(hostname: string) {
    super(`${hostname} does not resolve to public addresses only`);
  }
}

/**
 * A DNS lookup for sockets that refuses a name with any non-public address: used as the `lookup` of
 * a request, the address checked is the one connected to, so a name that changes its answer after
 * an earlier check (DNS rebinding) gains nothing.
 */
export const lookupPublicOnly: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { family: options.family, hints: options.hints, all: true }, (error, addresses) => {
    if (error) return callback(error, "", 4);
    if (addresses.length === 0 || addresses.some((entry) => !isPublicAddress(entry.address))) {
      return callback(new NotPublicAddressError(hostname), "", 4);
    }
    if (options.all)
      return (callback as unknown as (e: null, all: dns.LookupAddress[]) => void)(null, addresses);
    const [first] = addresses as [dns.LookupAddress];
    callback(null, first.address, first.family);
  });
};

/** Every address a name has, refused unless all are public; an address is checked as it is. */
export async function resolvesToPublicOnly(hostname: string): Promise<boolean> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  if (isIP(bare)) return isPublicAddress(bare);
  try {
    const addresses = await dns.promises.lookup(bare, { all: true });
    return addresses.length > 0 && addresses.every((entry) => isPublicAddress(entry.address));
  } catch {
    return false;
  }
}
