import dns from "node:dns";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  isPublicAddress,
  lookupPublicOnly,
  NotPublicAddressError,
  resolvesToPublicOnly,
} from "./public-address";

const octet = fc.integer({ min: 0, max: 255 });
const hextet = fc.integer({ min: 0, max: 0xffff }).map((n) => n.toString(16));

/** Any IPv4 address whose first octets are fixed and the rest drawn. */
const v4In = (...fixed: number[]) =>
  fc
    .tuple(...Array.from({ length: 4 - fixed.length }, () => octet))
    .map((rest) => [...fixed, ...rest].join("."));

describe("isPublicAddress", () => {
  it("refuses every address of loopback, the private ranges, link-local, CGNAT and the reserved ones", () => {
    const ranges = [
      v4In(127),
      v4In(10),
      fc.tuple(fc.integer({ min: 16, max: 31 }), octet, octet).map(([b, c, d]) => `172.${b}.${c}.${d}`),
      v4In(192, 168),
      v4In(169, 254),
      fc.tuple(fc.integer({ min: 64, max: 127 }), octet, octet).map(([b, c, d]) => `100.${b}.${c}.${d}`),
      v4In(0),
      fc.tuple(fc.integer({ min: 224, max: 255 }), octet, octet, octet).map((parts) => parts.join(".")),
    ];
    for (const range of ranges) {
      fc.assert(fc.property(range, (address) => !isPublicAddress(address)));
    }
  });

  it("refuses IPv6 loopback, unique local (fc00::/7), link-local, mapped IPv4 and documentation addresses", () => {
    const uniqueLocal = fc
      .tuple(fc.integer({ min: 0xfc00, max: 0xfdff }), fc.array(hextet, { minLength: 7, maxLength: 7 }))
      .map(([first, rest]) => [first.toString(16), ...rest].join(":"));
    const linkLocal = fc
      .array(hextet, { minLength: 4, maxLength: 4 })
      .map((rest) => `fe80::${rest.join(":")}`);
    const mapped = v4In().map((v4) => `::ffff:${v4}`);
    for (const range of [uniqueLocal, linkLocal, mapped]) {
      fc.assert(fc.property(range, (address) => !isPublicAddress(address)));
    }
    for (const address of [
      "::1",
      "[::1]",
      "::",
      "2001:db8::1",
      "2002:7f00:1::1",
      "64:ff9b::7f00:1",
      "ff02::1",
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
  });

  it("accepts public addresses (the push services' own among them) and refuses what is not an address", () => {
    for (const address of [
      "142.250.183.10",
      "8.8.8.8",
      "172.32.0.1",
      "172.15.255.255",
      "2607:f8b0:4004:c07::5f",
    ]) {
      expect([address, isPublicAddress(address)]).toEqual([address, true]);
    }
    for (const text of ["localhost", "", "1.2.3", "push.example.com"]) {
      expect([text, isPublicAddress(text)]).toEqual([text, false]);
    }
  });
});

describe("names", () => {
  it("a name resolving to loopback is refused, by the check and by the lookup a request connects with", async () => {
    expect(await resolvesToPublicOnly("localhost")).toBe(false);
    const looked = await new Promise<{ error: Error | null }>((resolve) =>
      lookupPublicOnly("localhost", { all: true }, (error) => resolve({ error })),
    );
    expect(looked.error).toBeInstanceOf(NotPublicAddressError);
    // The same lookup passes a name whose addresses are public (checked with a stubbed answer: no network here).
    const original = dns.lookup;
    try {
      (dns as { lookup: unknown }).lookup = (
        _host: string,
        _options: object,
        callback: (error: null, all: dns.LookupAddress[]) => void,
      ) => callback(null, [{ address: "142.250.183.10", family: 4 }]);
      const answer = await new Promise<{ error: Error | null; address: unknown }>((resolve) =>
        lookupPublicOnly("fcm.googleapis.com", {}, (error, address) => resolve({ error, address })),
      );
      expect(answer).toEqual({ error: null, address: "142.250.183.10" });
    } finally {
      (dns as { lookup: unknown }).lookup = original;
    }
  });
});
