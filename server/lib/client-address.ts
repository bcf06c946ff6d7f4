import { isIPv4, isIPv6 } from "node:net";

/** Groups of an IPv6 address kept by maskAddress: a /48, the size of one site's network. */
const IPV6_GROUPS_KEPT = 3;

/** The eight groups of an IPv6 address, "::" expanded; hex without leading zeros. */
function ipv6Groups(address: string): string[] {
  const [head = "", tail] = address.split("::");
  const part = (text: string) => (text === "" ? [] : text.split(":"));
  const left = part(head);
  const right = tail === undefined ? [] : part(tail);
  const zeros = Array.from({ length: 8 - left.length - right.length }, () => "0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16).toString(16));
}

/**
 * An address with its last part hidden, as the sessions list shows it: "203.0.113.x", or the first
 * groups of an IPv6 address ("2001:db8:85a3:…"). Enough to recognise one's campus or provider,
 * not to find a device. Anything unreadable becomes "".
 */
export function maskAddress(address: string | undefined): string {
  if (!address) return "";
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const ip = mapped ?? address;
  if (isIPv4(ip)) return `${ip.split(".").slice(0, 3).join(".")}.x`;
  if (!isIPv6(ip) || ip.includes(".")) return "";
  if (ip === "::1") return ip;
  return `${ipv6Groups(ip.toLowerCase()).slice(0, IPV6_GROUPS_KEPT).join(":")}:…`;
}
