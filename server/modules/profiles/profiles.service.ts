import type { ProfileResponse } from "@shared/api/profiles";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { toItemDto } from "../items/items.mapper";
import { updateSettings } from "../settings/settings.repository";
import { findUpload, keyOfFileUrl, releaseImage } from "../uploads/uploads.service";
import { canFollowUser, profileAbilities } from "./profiles.policy";
import * as repo from "./profiles.repository";

const userNotFound = () => new AppError("not_found", SETTINGS_MESSAGES.userNotFound);

export async function getProfile(ctx: AppContext, viewer: UserRow, userId: string): Promise<ProfileResponse> {
  const person = await repo.findActiveUser(ctx.db, userId);
  if (!person || person.role === "admin") throw userNotFound();
  const isOwn = person.id === viewer.id;
  const [counts, following, rows] = await Promise.all([
    repo.countsOf(ctx.db, person.id),
    isOwn ? Promise.resolve(false) : repo.isFollowing(ctx.db, viewer.id, person.id),
    repo.itemsForProfile(ctx.db, person.id),
  ]);
  return {
    profile: {
      id: person.id,
      name: person.name,
      bio: person.bio,
      email: person.email,
      mobile: person.mobile,
      college: person.college,
      city: person.city,
      profilePhoto: person.profilePhoto,
      isVerified: person.emailVerified,
      counts,
      abilities: profileAbilities(viewer, person),
    },
    isFollowing: following,
    isOwn,
    items: rows.map((row) => toItemDto(row, viewer)),
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
  await assertOwnPhoto(ctx, user, body.profilePhoto);
  const updated = await updateSettings(ctx.db, user.id, {
    name: body.name.trim(),
    bio: body.bio.trim(),
    profilePhoto: body.profilePhoto,
  });
  if (!updated) throw userNotFound();
  // A replaced or removed photo is no longer public.
  if (user.profilePhoto !== updated.profilePhoto) await releaseImage(ctx, "profiles", user.profilePhoto);
  return updated;
}

export async function setFollowing(ctx: AppContext, follower: UserRow, followeeId: string, isOn: boolean) {
  if (!canFollowUser(follower, { id: followeeId }))
    throw new AppError("invalid_input", SETTINGS_MESSAGES.cannotFollowSelf);
  const followee = await repo.findActiveUser(ctx.db, followeeId);
  if (!followee || followee.role === "admin") throw userNotFound();
  await repo.setFollowing(ctx.db, follower.id, followeeId, isOn);
  return repo.countsOf(ctx.db, followeeId);
}

export async function listFollowers(ctx: AppContext, userId: string) {
  const person = await repo.findActiveUser(ctx.db, userId);
  if (!person || person.role === "admin") throw userNotFound();
  return repo.followersOf(ctx.db, userId);
}
