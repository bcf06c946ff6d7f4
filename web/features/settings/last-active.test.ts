import { describe, expect, it } from "vitest";
import { formatLastActive } from "./last-active";

const NOW = Date.parse("2026-11-24T10:00:00Z");
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MINUTE = 60_000;

describe("a session's last use, as the sessions list says it", () => {
  it("reads as now within the few minutes between recorded uses", () => {
    expect(formatLastActive(ago(0), NOW)).toBe("Active now");
    expect(formatLastActive(ago(4 * MINUTE), NOW)).toBe("Active now");
    // A clock a little ahead of the server's is not "in the future".
    expect(formatLastActive(ago(-MINUTE), NOW)).toBe("Active now");
  });

  it("counts minutes, hours, then days", () => {
    expect(formatLastActive(ago(12 * MINUTE), NOW)).toBe("Last active 12 minutes ago");
    expect(formatLastActive(ago(3 * 60 * MINUTE), NOW)).toBe("Last active 3 hours ago");
    expect(formatLastActive(ago(26 * 60 * MINUTE), NOW)).toBe("Last active yesterday");
    expect(formatLastActive(ago(6 * 24 * 60 * MINUTE), NOW)).toBe("Last active 6 days ago");
  });
});
