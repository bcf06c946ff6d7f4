import type { ProfileResponse } from "@shared/api/profiles";
import { describe, expect, it } from "vitest";
import { avatarUrl, initialOf, telHref, withFollowing, withFollowingCount } from "./profile-format";

function profileWith(followers: number, following: number, isFollowing: boolean): ProfileResponse {
  return {
    profile: {
      id: "u1",
      name: "Asha",
      bio: "",
      email: "asha@example.edu",
      mobile: "9876543210",
      college: "IIT Bombay",
      collegePending: false,
      city: "Mumbai",
      profilePhoto: null,
      isVerified: true,
      isEmailConfirmed: true,
      counts: { items: 2, followers, following },
      abilities: { canEdit: false, canFollow: true, canReport: true, canBlock: true },
    },
    isFollowing,
    isOwn: false,
    isBlocked: false,
    items: [],
  };
}

describe("follow counts shown before the server answers", () => {
  it("adds the viewer to the followers when they follow", () => {
    const next = withFollowing(profileWith(3, 0, false), true);
    expect(next.isFollowing).toBe(true);
    expect(next.profile.counts.followers).toBe(4);
  });

  it("takes the viewer away when they unfollow, never below zero", () => {
    expect(withFollowing(profileWith(1, 0, true), false).profile.counts.followers).toBe(0);
    expect(withFollowing(profileWith(0, 0, true), false).profile.counts.followers).toBe(0);
  });

  it("changes nothing when the state is already the asked one", () => {
    const data = profileWith(3, 0, true);
    expect(withFollowing(data, true)).toBe(data);
  });

  it("moves the viewer's own Following count the same way", () => {
    expect(withFollowingCount(profileWith(0, 2, false), 1).profile.counts.following).toBe(3);
    expect(withFollowingCount(profileWith(0, 0, false), -1).profile.counts.following).toBe(0);
  });
});

describe("avatar and contact helpers", () => {
  it("uses the first letter of the name, or ? for a blank one", () => {
    expect(initialOf("  asha")).toBe("A");
    expect(initialOf(" ")).toBe("?");
  });

  it("asks for the square avatar copy the server makes", () => {
    expect(avatarUrl("/api/files/profiles/p.webp")).toBe("/api/files/profiles/p.webp?variant=avatar");
  });

  it("dials only digits and a plus sign", () => {
    expect(telHref("+91 98765-43210")).toBe("tel:+919876543210");
  });
});
