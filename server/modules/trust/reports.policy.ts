import type { UserRow } from "../../db/schema";

type Viewer = Pick<UserRow, "id">;

/** Nobody reports themselves, their own listing or their own message: the target's owner is someone else. */
export function canReport(viewer: Viewer, target: { ownerId: string }): boolean {
  return viewer.id !== target.ownerId;
}

/** A message is reported by the other member of its chat, who saw it. */
export function canReportMessage(viewer: Viewer, message: { senderId: string; members: string[] }): boolean {
  return message.members.includes(viewer.id) && viewer.id !== message.senderId;
}

/** The administrator works the moderation queue (the admin API). */
export function canModerate(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}

/** The administrator's own account is never warned, suspended or stripped of content. */
export function canBeModerated(person: Pick<UserRow, "role">): boolean {
  return person.role !== "admin";
}
