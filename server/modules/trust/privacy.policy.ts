import type { EmailVisibility, MobileVisibility } from "@shared/trust-constants";
import type { UserRow } from "../../db/schema";

type Viewer = Pick<UserRow, "id">;

/** What the person chose about their contact details. */
export interface ContactFacts {
  id: string;
  mobileVisibility: MobileVisibility;
  emailVisibility: EmailVisibility;
}

/**
 * The mobile number on a student's profile: one's own always; another's only when they show it to
 * all students. Nothing else opens it (issue 36): chatting, following or a reply shares no number.
 * A number reaches another student otherwise only by the student's own act: the 'Share my number'
 * card in one chat (that chat's messages), or the tick 'show my mobile number' on one item (that
 * item's 'Call {number}'). The administrator is any other student here; the admin API shows the
 * account in full.
 */
export function canSeeMobile(viewer: Viewer, person: Pick<ContactFacts, "id" | "mobileVisibility">): boolean {
  return viewer.id === person.id || person.mobileVisibility === "all";
}

/** The e-mail address on the student API: one's own always; another's only when they show it to all. */
export function canSeeEmail(viewer: Viewer, person: Pick<ContactFacts, "id" | "emailVisibility">): boolean {
  return viewer.id === person.id || person.emailVisibility === "all";
}
