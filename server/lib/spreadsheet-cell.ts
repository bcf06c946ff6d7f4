/**
 * A text that opens with `=`, `+`, `-` or `@` (or a tab or carriage return before one) is read as a
 * formula when the form service's answers land in a spreadsheet: `=HYPERLINK(...)` in a ticket
 * becomes a live link, `=IMPORTXML(...)` fetches from anywhere. A leading single quote is how
 * spreadsheets mark "text, not a formula"; it is not shown in the cell.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function asSpreadsheetText(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}
