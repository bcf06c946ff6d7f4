import { z } from "zod";
import { TEXT_MESSAGES } from "../validation/messages";
import { isMultiLineText, isSingleLineText, stripHiddenFormat, wellFormed } from "../validation/text";

/**
 * A text a person types, less the format characters nobody sees (zero-width space, soft hyphen,
 * validation/text.ts stripHiddenFormat) before any other rule reads it: what is stored, and every
 * later reader, sees the word that shows; a broken character pair becomes U+FFFD (wellFormed).
 * Start every free-text field with it.
 */
export const typedText = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).overwrite((text) => stripHiddenFormat(wellFormed(text)));

/**
 * Refinements for every text a person types: `.refine(...singleLine("Name"))`. Names, titles,
 * bios and places are single-line; descriptions and messages keep their line breaks.
 */
export const singleLine = (field: string) => [isSingleLineText, TEXT_MESSAGES.singleLine(field)] as const;
export const multiLine = (field: string) => [isMultiLineText, TEXT_MESSAGES.multiLine(field)] as const;
