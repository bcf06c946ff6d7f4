import type { ScamKind } from "@shared/scam-kinds";
import type { PhotoCheck } from "@shared/trust-constants";
import { type ContactSignal, findContactSignals, isNewcomerMessage } from "./scam-guard.contact";
import { findScamSignalsAfter, type ScamSignal } from "./scam-guard.rules";

/**
 * The scam guard: what it keeps with a chat message (its signals and what the reader made of its
 * photo), and what warning the kept notes call for. The rules that read a text are apart and pure:
 * scam-guard.rules.ts asks "money outside a handover, or payment credentials?", scam-guard.contact.ts
 * "a newcomer taking the chat elsewhere?"; other modules reach them through this file.
 */

export {
  CONTACT_SIGNALS,
  type ContactSignal,
  findContactSignals,
  isNewcomerMessage,
  NEWCOMER_MESSAGES,
} from "./scam-guard.contact";
export {
  findScamSignals,
  findScamSignalsAfter,
  SCAM_GUARD_LOOKBACK,
  SCAM_SIGNALS,
  type ScamSignal,
} from "./scam-guard.rules";

/**
 * Kept with a photo message's signals when the reader could not check the photo. It is no signal
 * of a scam (it raises no warning), but moderators and the recipient's view read it from the same
 * place as 'qr_photo'.
 */
export const PHOTO_UNCHECKED = "photo_unchecked";
export type ScamGuardNote = ScamSignal | ContactSignal | typeof PHOTO_UNCHECKED;

/**
 * What the guard keeps with a message: its text's signals (read after the sender's earlier texts,
 * when given), and what the reader made of its photo.
 */
export function scamSignalsOf(message: {
  text: string;
  photoCheck?: PhotoCheck | null;
  earlierTexts?: readonly string[];
  /** Given when the sender is new to the other member: their first texts are read for a way out of the chat. */
  newcomer?: { isNewContact: boolean; earlierMessages: number; sharedNumber?: string | null };
}): ScamGuardNote[] {
  const signals: ScamGuardNote[] = findScamSignalsAfter(message.earlierTexts ?? [], message.text);
  if (message.text && message.newcomer && isNewcomerMessage(message.newcomer))
    signals.push(...findContactSignals(message.text, message.newcomer.sharedNumber));
  if (message.photoCheck === "flagged") return [...signals, "qr_photo"];
  if (message.photoCheck === "unchecked") return [...signals, PHOTO_UNCHECKED];
  return signals;
}

/** Each stored note's kind of warning; the order of KIND_ORDER decides when a message has several. */
const KIND_OF: Record<Exclude<ScamGuardNote, typeof PHOTO_UNCHECKED>, ScamKind> = {
  qr_scan: "qr_or_pin",
  qr_photo: "qr_or_pin",
  pin: "qr_or_pin",
  otp: "qr_or_pin",
  collect_request: "collect_request",
  payment_link: "collect_request",
  short_link: "collect_request",
  upi_id: "advance",
  advance_payment: "advance",
  courier_charges: "advance",
  defence_story: "advance",
  overpayment: "advance",
  phone_number: "off_platform",
  chat_app_invite: "off_platform",
  link: "off_platform",
};

/**
 * The most pressing first: a code or PIN takes money at once, a collect request on one tap, an
 * advance once paid; moving to WhatsApp only leads there.
 */
const KIND_ORDER: readonly ScamKind[] = ["qr_or_pin", "collect_request", "advance", "off_platform"];

/** The kind of warning a message's stored notes call for; null when they warn of nothing. */
export function scamKindOf(notes: readonly string[]): ScamKind | null {
  const kinds = new Set(notes.map((note) => KIND_OF[note as keyof typeof KIND_OF]).filter(Boolean));
  return KIND_ORDER.find((kind) => kinds.has(kind)) ?? null;
}

/** Whether the stored notes warn of a scam (an unchecked photo alone does not). */
export function isScamWarned(notes: readonly string[]): boolean {
  return notes.some((note) => note !== PHOTO_UNCHECKED);
}

/** What the reader made of a message's photo, from its stored notes; null when nothing is held back. */
export function heldPhotoCheck(notes: readonly string[]): Exclude<PhotoCheck, "clean"> | null {
  if (notes.includes("qr_photo")) return "flagged";
  if (notes.includes(PHOTO_UNCHECKED)) return "unchecked";
  return null;
}
