/**
 * The kinds of scam the guard warns of (issue 38, binding words), each with its own warning. The
 * server decides a flagged message's kind (server/modules/trust/scam-guard.service.ts) and stores it
 * with the message (messages.scam_kind, whose check is built from SCAM_KINDS); the recipient sees
 * the warning once per chat, under the first message of that kind, and a 'Flagged' chip after.
 */
export const SCAM_KINDS = ["qr_or_pin", "advance", "off_platform", "collect_request"] as const;
export type ScamKind = (typeof SCAM_KINDS)[number];

export const SCAM_KIND_WARNINGS: Record<ScamKind, string> = {
  qr_or_pin: "You never need to scan a QR code or enter your UPI PIN to receive money.",
  advance: "Never pay before you have the item in your hands.",
  off_platform: "Keep the chat here until you meet. Scammers move to WhatsApp to avoid reports.",
  collect_request: "A collect request takes money from you. Decline it.",
};

/** The small mark under a later message of a kind already explained in the chat. */
export const FLAGGED_CHIP = "Flagged";

/** Told once per chat to the sender of a flagged message. */
export const SENDER_FLAG_NOTICE =
  "Messages asking for payment before a meeting are flagged to the other person.";

/** Over the chat after two flagged messages from the same person. */
export const repeatedFlagBanner = (name: string) =>
  `${name} has asked for payment before meeting twice. This is how most scams start.`;

/** On a blurred photo that holds a QR code: shows it. */
export const SHOW_ANYWAY = "Show anyway";
