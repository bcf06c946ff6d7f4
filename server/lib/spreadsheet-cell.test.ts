import { describe, expect, it } from "vitest";
import { asSpreadsheetText } from "./spreadsheet-cell";

describe("asSpreadsheetText", () => {
  it.each(["=1+1", "+91 98765", "-5", "@SUM(A1)", "\t=1", "\r=1"])("quotes %j", (value) => {
    expect(asSpreadsheetText(value)).toBe(`'${value}`);
  });
  it.each(["Meera Pillai", "My listing vanished.", "", "1+1=2", " =1"])("leaves %j as it is", (value) => {
    expect(asSpreadsheetText(value)).toBe(value);
  });
});
