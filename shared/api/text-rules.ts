import { TEXT_MESSAGES } from "../validation/messages";
import { isMultiLineText, isSingleLineText } from "../validation/text";

/**
 * Refinements for every text a person types: `.refine(...singleLine("Name"))`. Names, titles,
 * bios and places are single-line; descriptions and messages keep their line breaks.
 */
export const singleLine = (field: string) => [isSingleLineText, TEXT_MESSAGES.singleLine(field)] as const;
export const multiLine = (field: string) => [isMultiLineText, TEXT_MESSAGES.multiLine(field)] as const;
