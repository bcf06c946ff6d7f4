import type { ProfileResponse } from "@shared/api/profiles";
import { variantUrl } from "@shared/images";

/** The avatar letter when there is no photo, as in the navigation bar. */
export function initialOf(name: string): string {
  return name.trim().charAt(0).toUpperCase() || "?";
}

/** The square, cover-cropped copy of a stored photo (224 px: 112 CSS pixels at twice that, for sharp screens). */
export function avatarUrl(url: string): string {
  return variantUrl(url, "avatar");
}

/** A profile after the viewer follows or unfollows it; the count never drops below zero. */
export function withFollowing(data: ProfileResponse, isFollowing: boolean): ProfileResponse {
  if (data.isFollowing === isFollowing) return data;
  const followers = Math.max(0, data.profile.counts.followers + (isFollowing ? 1 : -1));
  return {
    ...data,
    isFollowing,
    profile: { ...data.profile, counts: { ...data.profile.counts, followers } },
  };
}

/** The viewer's own profile after they start or stop following someone. */
export function withFollowingCount(data: ProfileResponse, change: 1 | -1): ProfileResponse {
  const following = Math.max(0, data.profile.counts.following + change);
  return { ...data, profile: { ...data.profile, counts: { ...data.profile.counts, following } } };
}

/** "mailto:" and "tel:" links need the bare address and number. */
export function telHref(mobile: string): string {
  return `tel:${mobile.replace(/[^\d+]/g, "")}`;
}
