import type { EmailVisibility, MobileVisibility } from "@shared/trust-constants";
import type { UserRow } from "../../db/schema";

type Viewer = Pick<UserRow, "id">;

/** What the person chose, and whether they share a chat with the viewer. */
export interface ContactFacts {
  id: string;
  mobileVisibility: MobileVisibility;
  emailVisibility: EmailVisibility;
  /** The viewer and the person are the two members of some chat. */
  isChatting: boolean;
}

/**
 * The mobile number on the student API: one's own always; another's as they chose (nobody, the
 * people they are chatting with, or every student). The administrator is any other student here;
 * the admin API shows the account in full.
 */
export function canSeeMobile(
  viewer: Viewer,
  person: Pick<ContactFacts, "id" | "mobileVisibility" | "isChatting">,
): boolean {
  if (viewer.id === person.id) return true;
  if (person.mobileVisibility === "all") return true;
  return person.mobileVisibility === "chatting" && person.isChatting;
}

/** The e-mail address on the student API: one's own always; another's only when they show it to all. */
export function canSeeEmail(viewer: Viewer, person: Pick<ContactFacts, "id" | "emailVisibility">): boolean {
  return viewer.id === person.id || person.emailVisibility === "all";
}
