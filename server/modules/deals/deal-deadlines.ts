import type { AppContext } from "../../context";
import { expireOffers } from "./offers.service";
import { runReservationDeadlines } from "./sales.service";

/** What the deadlines need: the database, and the bus that delivers their live events. */
export type DealJobContext = Pick<AppContext, "db" | "bus" | "log">;

/**
 * The deals' deadlines: offers pending past 48 hours expire, reservations past three days lapse,
 * sellers are reminded the day before. Everything is in the database (expiry times, the reminded
 * flag), so a restart loses nothing: the next run finds what fell due meanwhile. Every instance runs
 * it (server/jobs/deal-deadlines.ts); each row changes once (claimed with `for update skip locked` by a conditional update), and
 * only the run that changed it sends the notifications. The pages also show a pending offer past
 * its time as 'Expired' and a lapsed reservation as available before this job catches up.
 */
export async function runDealDeadlines(ctx: DealJobContext) {
  const expired = await expireOffers(ctx);
  const reservations = await runReservationDeadlines(ctx);
  return { expired, ...reservations };
}
