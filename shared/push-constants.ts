/** Push limits and texts; apart from the schemas so that showing them needs no zod. */

/** Devices one student receives pushes on; storing one more drops the one stored longest ago. */
export const PUSH_DEVICES_MAX = 10;

export const PUSH_MESSAGES = {
  unreachable:
    "This push address cannot be used: pushes go only to a public push service over https on port 443.",
  otherAccount:
    "This device already receives pushes for another account. Sign out of that account on this device first.",
} as const;

/**
 * The in-app card that offers pushes at the moment of intent (after a first message in a chat, an
 * Interested, a request to join a team): 'Not now' waits this long and ends the asking after
 * NOT_NOW_MAX answers; 'Turn on' ends it. Settings keeps the switch either way.
 */
export const PUSH_PROMPT = {
  notNowWaitDays: 7,
  notNowMax: 3,
} as const;

/** What the card offers, by what the student just did. */
export type PushPromptIntent = { kind: "reply"; name: string } | { kind: "event" } | { kind: "team" };

export function pushPromptTitle(intent: PushPromptIntent): string {
  if (intent.kind === "reply") return `Get notified when ${intent.name} replies`;
  if (intent.kind === "event") return "Get notified before the event";
  return "Get notified when the recruiter answers";
}

export const PUSH_PROMPT_TEXTS = {
  turnOn: "Turn on",
  notNow: "Not now",
  turnedOn: "Push notifications are on for this device.",
  blocked: "Notifications are blocked for Campus Bazaar in this browser's site settings.",
  checking: "Checking this device...",
} as const;
