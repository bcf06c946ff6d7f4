import type { DeviceSession } from "@shared/api/sessions";
import { SESSIONS_MESSAGES } from "@shared/validation/sessions";
import Bowser from "bowser";
import type { SessionRow } from "./sessions.repository";

/** "Chrome on Android", "Safari on iOS"; the browser or the system alone when only one is known. */
export function deviceName(userAgent: string): string {
  if (!userAgent.trim()) return SESSIONS_MESSAGES.unknownDevice;
  const { browser, os } = Bowser.parse(userAgent);
  if (browser.name && os.name) return `${browser.name} on ${os.name}`;
  return browser.name || os.name || SESSIONS_MESSAGES.unknownDevice;
}

export function toDeviceSessionDto(row: SessionRow, currentSessionId: string | null): DeviceSession {
  return {
    id: row.publicId,
    device: deviceName(row.userAgent),
    address: row.address,
    signedInAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt.toISOString(),
    isCurrent: row.id === currentSessionId,
  };
}
