import type { ProfileResponse } from "@shared/api/profiles";
import { BLOCK_MESSAGES } from "@shared/trust-constants";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { countAttempt } from "../../plugins/rate-limit-rules";
import { listProfileItems } from "../items/items.service";
import { assertMayTakeName, saveSettings } from "../settings/settings.service";
import { hasBlocked, isEitherBlocked } from "../trust/blocks.service";
import { visibleContact } from "../trust/privacy.service";
import { findUpload, keyOfFileUrl, releaseImage } from "../uploads/uploads.service";
import { isCollegeVerified } from "../verification/verification.policy";
import { canFollowUser, profileAbilities } from "./profiles.policy";
import * as repo from "./profiles.repository";

const userNotFound = () => new AppError("not_found", SETTINGS_MESSAGES.userNotFound);

/**
 * A student's profile as the viewer may see it: contact details only as the person's privacy
 * settings allow, and no listings when either has blocked the other. Reading other students'
 * profiles is counted (the named rule profileRead), so the directory cannot be read in bulk.
 */
export async function getProfile(ctx: AppContext, viewer: UserRow, userId: string): Promise<ProfileResponse> {
  if (userId !== viewer.id) await countAttempt(ctx, "profileRead", viewer.id);
  const person = await repo.findActiveUser(ctx.db, userId);
  if (!person || person.role === "admin") throw userNotFound();
  const isOwn = person.id === viewer.id;
  const [counts, following, items, isBlockedEither, isBlocked] = await Promise.all([
    repo.countsOf(ctx.db, person.id),
    isOwn ? Promise.resolve(false) : repo.isFollowing(ctx.db, viewer.id, person.id),
    listProfileItems(ctx, viewer, person.id),
    isOwn ? Promise.resolve(false) : isEitherBlocked(ctx.db, viewer.id, person.id),
    isOwn ? Promise.resolve(false) : hasBlocked(ctx.db, viewer.id, person.id),
  ]);
  // Between two students where one blocked the other, neither is sent the other's contact details.
  // A chat or a follow opens nothing here: the number only for 'All students' (issue 36).
  const contact = isBlockedEither ? { mobile: null, email: null } : visibleContact(viewer, person);
  return {
    profile: {
      id: person.id,
      name: person.name,
      bio: person.bio,
      email: contact.email,
      mobile: contact.mobile,
      college: person.college,
      collegePending: person.collegePending,
      city: person.city,
      profilePhoto: person.profilePhoto,
      isVerified: isCollegeVerified(person),
      isEmailConfirmed: person.emailVerified,
      counts,
      abilities: profileAbilities(viewer, person, isBlockedEither),
    },
    isFollowing: following,
    isOwn,
    isBlocked,
    items: isBlockedEither ? [] : items,
  };
}

/** A profile photo must be one the user uploaded to the profiles bucket. */
async function assertOwnPhoto(ctx: AppContext, user: UserRow, url: string | null): Promise<void> {
  if (url === null || url === user.profilePhoto) return;
  const key = keyOfFileUrl("profiles", url);
  const upload = key ? await findUpload(ctx.db, "profiles", key) : undefined;
  if (!upload || upload.ownerId !== user.id)
    throw new AppError("invalid_input", SETTINGS_MESSAGES.photoImagesOnly);
}

export async function updateProfile(
  ctx: AppContext,
  user: UserRow,
  body: { name: string; bio: string; profilePhoto: string | null },
): Promise<UserRow> {
  assertMayTakeName(user, body.name);
  await assertOwnPhoto(ctx, user, body.profilePhoto);
  const updated = await saveSettings(ctx, user, {
    name: body.name.trim(),
    bio: body.bio.trim(),
    profilePhoto: body.profilePhoto,
  });
  // A replaced or removed photo is no longer public.
  if (user.profilePhoto !== updated.profilePhoto) await releaseImage(ctx, "profiles", user.profilePhoto);
  return updated;
}

export async function setFollowing(ctx: AppContext, follower: UserRow, followeeId: string, isOn: boolean) {
  if (!canFollowUser(follower, { id: followeeId }))
    throw new AppError("invalid_input", SETTINGS_MESSAGES.cannotFollowSelf);
  const followee = await repo.findActiveUser(ctx.db, followeeId);
  if (!followee || followee.role === "admin") throw userNotFound();
  // Following someone either of them blocked is refused; stopping is always allowed.
  if (isOn && (await isEitherBlocked(ctx.db, follower.id, followeeId)))
    throw new AppError("forbidden", BLOCK_MESSAGES.cannotFollow);
  await repo.setFollowing(ctx.db, follower.id, followeeId, isOn);
  return repo.countsOf(ctx.db, followeeId);
}

export async function listFollowers(ctx: AppContext, userId: string) {
  const person = await repo.findActiveUser(ctx.db, userId);
  if (!person || person.role === "admin") throw userNotFound();
  return repo.followersOf(ctx.db, userId);
}
