import { z } from "zod";
import { isCalendarDate } from "../validation/dates";

/**
 * Every date the API takes (query or body) goes through this: YYYY-MM-DD and a day that exists, so
 * `2024-02-31` or `9999-99-99` is refused with `message` instead of failing the query that uses it.
 */
export function calendarDate(message: string) {
  // Documented as a date, so the OpenAPI document (and the security suite) can tell date inputs apart.
  return z.string(message).refine(isCalendarDate, message).meta({ format: "date" });
}
