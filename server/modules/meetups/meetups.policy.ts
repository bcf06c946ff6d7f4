import type { UserRow } from "../../db/schema";
import type { MeetupRow } from "./meetups.repository";

type Viewer = Pick<UserRow, "id">;

/** Only the chat's two members propose a meetup, and only in a chat about an item. */
export function canProposeMeetup(
  viewer: Viewer,
  chat: { kind: string; itemId: string | null },
  members: readonly string[],
): boolean {
  return chat.kind === "item" && chat.itemId !== null && members.includes(viewer.id);
}

/** The other side of an open proposal accepts it, or suggests another, before its time. */
export function canAnswerMeetup(
  viewer: Viewer,
  meetup: Pick<MeetupRow, "proposerId" | "status" | "startsAt">,
  members: readonly string[],
  now = new Date(),
): boolean {
  return (
    members.includes(viewer.id) &&
    meetup.proposerId !== viewer.id &&
    meetup.status === "proposed" &&
    meetup.startsAt > now
  );
}

/** The administrator keeps the spots; any student may suggest one. */
export function canManageSpots(viewer: Pick<UserRow, "role">): boolean {
  return viewer.role === "admin";
}
