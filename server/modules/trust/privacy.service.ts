import type { Privacy } from "@shared/api/trust";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { canSeeEmail, canSeeMobile } from "./privacy.policy";
import * as repo from "./privacy.repository";

type Person = Pick<UserRow, "id" | "mobile" | "email" | "mobileVisibility" | "emailVisibility">;

/**
 * A person's contact details as the viewer may see them: null for what their privacy settings
 * keep from the viewer. Every student-API answer that carries a number or an address uses this.
 */
export async function visibleContact(
  db: Db,
  viewer: Pick<UserRow, "id">,
  person: Person,
): Promise<{ mobile: string | null; email: string | null }> {
  const isChatting =
    person.mobileVisibility === "chatting" && viewer.id !== person.id
      ? (await repo.chattingWith(db, viewer.id, [person.id])).has(person.id)
      : false;
  const facts = { ...person, isChatting };
  return {
    mobile: canSeeMobile(viewer, facts) ? person.mobile : null,
    email: canSeeEmail(viewer, facts) ? person.email : null,
  };
}

/** Of these sellers, the ones the viewer shares a chat with (for 'People I'm chatting with'). */
export function chattingWith(db: Db, viewerId: string, personIds: string[]): Promise<Set<string>> {
  return repo.chattingWith(db, viewerId, personIds);
}

export async function getPrivacy(ctx: AppContext, user: UserRow): Promise<Privacy> {
  const row = await repo.findPrivacy(ctx.db, user.id);
  if (!row) throw new AppError("not_found", SETTINGS_MESSAGES.userNotFound);
  return row;
}

export async function setPrivacy(ctx: AppContext, user: UserRow, privacy: Privacy): Promise<Privacy> {
  const row = await repo.updatePrivacy(ctx.db, user.id, privacy);
  if (!row) throw new AppError("not_found", SETTINGS_MESSAGES.userNotFound);
  return row;
}
