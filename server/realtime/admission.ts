import {
  CLOSE_TOO_MANY_FOR_ADDRESS,
  CLOSE_TOO_MANY_FOR_USER,
  LIVE_SOCKETS_PER_USER,
} from "@shared/live-constants";
import type { FastifyRequest } from "fastify";
import type { WebSocket } from "ws";
import { fromOtherSite, isForeignOrigin } from "../lib/foreign-origin";

/**
 * The upgrade's check of its Origin, the same one the HTTP writes get: a page of another site
 * cannot open a socket that carries the student's cookie.
 */
export const refuseOtherSites = (allowedOrigin: string) => async (request: FastifyRequest) => {
  if (isForeignOrigin(request, allowedOrigin)) throw fromOtherSite();
};

/**
 * The caps on live sockets, per account and per client address. Every socket counts from its
 * upgrade, by user in order of arrival and by address: sockets still starting up count too, so a
 * burst of upgrades cannot slip past them.
 */
export function createSocketLimits(options: { socketsPerAddress: number }) {
  const socketsByUser = new Map<string, WebSocket[]>();
  const socketsByAddress = new Map<string, number>();
  return {
    /** Takes the socket in, or closes it and answers false. */
    admit(socket: WebSocket, userId: string, address: string): boolean {
      // Per address the newest is refused: closing the oldest would let one machine on a campus's
      // shared address push every other student's sockets off.
      const fromAddress = socketsByAddress.get(address) ?? 0;
      if (fromAddress >= options.socketsPerAddress) {
        socket.close(CLOSE_TOO_MANY_FOR_ADDRESS, "too many live connections from this address");
        return false;
      }
      socketsByAddress.set(address, fromAddress + 1);
      // Per user the oldest goes: the newest is the tab the student is looking at, the oldest most
      // likely one left open on another device or a connection that died without a word.
      const ofUser = [...(socketsByUser.get(userId) ?? []), socket];
      socketsByUser.set(userId, ofUser);
      while (ofUser.length > LIVE_SOCKETS_PER_USER) {
        ofUser.shift()?.close(CLOSE_TOO_MANY_FOR_USER, "too many live connections for this account");
      }
      return true;
    },
    /** Forgets an admitted socket once it has closed. */
    release(socket: WebSocket, userId: string, address: string): void {
      const remaining = socketsByUser.get(userId)?.filter((other) => other !== socket) ?? [];
      if (remaining.length > 0) socketsByUser.set(userId, remaining);
      else socketsByUser.delete(userId);
      const count = (socketsByAddress.get(address) ?? 1) - 1;
      if (count > 0) socketsByAddress.set(address, count);
      else socketsByAddress.delete(address);
    },
    socketsOf(userId: string): number {
      return socketsByUser.get(userId)?.length ?? 0;
    },
    everyone(): [string, number][] {
      return [...socketsByUser].map(([userId, sockets]) => [userId, sockets.length] as [string, number]);
    },
  };
}
