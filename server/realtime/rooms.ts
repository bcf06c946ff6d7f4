import type { Connection } from "./connection";

/** The connections this instance holds, by user: a user's room is every tab they have open here. */
export function createRooms() {
  const byUser = new Map<string, Set<Connection>>();
  return {
    join(connection: Connection): void {
      const set = byUser.get(connection.userId) ?? new Set();
      set.add(connection);
      byUser.set(connection.userId, set);
    },
    leave(connection: Connection): void {
      const set = byUser.get(connection.userId);
      set?.delete(connection);
      if (set?.size === 0) byUser.delete(connection.userId);
    },
    of(userId: string): Iterable<Connection> {
      return byUser.get(userId) ?? [];
    },
    has(userId: string): boolean {
      return (byUser.get(userId)?.size ?? 0) > 0;
    },
    count(): number {
      let total = 0;
      for (const set of byUser.values()) total += set.size;
      return total;
    },
    each(predicate: (connection: Connection) => boolean, act: (connection: Connection) => void): void {
      for (const set of byUser.values())
        for (const connection of set) if (predicate(connection)) act(connection);
    },
  };
}

export type Rooms = ReturnType<typeof createRooms>;
