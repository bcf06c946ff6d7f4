import type { UserRow } from "../../db/schema";

type Viewer = Pick<UserRow, "id">;

/** Anyone may block any other student; nobody blocks themselves. */
export function canBlockUser(viewer: Viewer, person: { id: string }): boolean {
  return viewer.id !== person.id;
}
