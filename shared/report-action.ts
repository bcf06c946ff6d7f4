/**
 * The caption of 'Report' on the item page, a profile and a message's menu. Alone in its module so
 * the pages that show the button load one word, not every report and moderation text.
 */
export const REPORT_ACTION = "Report";
