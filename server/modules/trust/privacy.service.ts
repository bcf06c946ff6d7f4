import type { Privacy } from "@shared/api/trust";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import { canSeeEmail, canSeeMobile } from "./privacy.policy";
import * as repo from "./privacy.repository";

type Person = Pick<UserRow, "id" | "mobile" | "email" | "mobileVisibility" | "emailVisibility">;

/**
 * A person's contact details as the viewer may see them on a profile: null for what their privacy
 * settings keep from the viewer. Every student-API answer that carries a person's number or address
 * (other than a number they shared in a chat or on an item) uses this.
 */
export function visibleContact(
  viewer: Pick<UserRow, "id">,
  person: Person,
): { mobile: string | null; email: string | null } {
  return {
    mobile: canSeeMobile(viewer, person) ? person.mobile : null,
    email: canSeeEmail(viewer, person) ? person.email : null,
  };
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
