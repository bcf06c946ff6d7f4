/** Push limits and texts; apart from the schemas so that showing them needs no zod. */

/** Devices one student receives pushes on; storing one more drops the one stored longest ago. */
export const PUSH_DEVICES_MAX = 10;

export const PUSH_MESSAGES = {
  unreachable:
    "This push address cannot be used: pushes go only to a public push service over https on port 443.",
  otherAccount:
    "This device already receives pushes for another account. Sign out of that account on this device first.",
} as const;
