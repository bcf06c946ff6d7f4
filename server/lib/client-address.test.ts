import { describe, expect, it } from "vitest";
import { maskAddress } from "./client-address";

describe("maskAddress", () => {
  it("hides the last part of an IPv4 address, mapped into IPv6 or not", () => {
    expect(maskAddress("203.0.113.45")).toBe("203.0.113.x");
    expect(maskAddress("::ffff:198.51.100.7")).toBe("198.51.100.x");
  });

  it("keeps the first three groups of an IPv6 address", () => {
    expect(maskAddress("2001:db8:85a3::8a2e:370:7334")).toBe("2001:db8:85a3:…");
    expect(maskAddress("2001:0DB8::1")).toBe("2001:db8:0:…");
    expect(maskAddress("::1")).toBe("::1");
  });

  it("gives nothing for what is not an address", () => {
    expect(maskAddress(undefined)).toBe("");
    expect(maskAddress("")).toBe("");
    expect(maskAddress("not-an-address")).toBe("");
    expect(maskAddress("203.0.113.450")).toBe("");
  });
});
