import type { AppContext } from "../context";
import { runDealDeadlines } from "../modules/deals/deal-deadlines";

const MINUTE_MS = 60 * 1000;

/** Runs the deals' deadlines every minute, on every instance (each row changes once). */
export function startDealDeadlines(ctx: AppContext): () => void {
  const run = () =>
    runDealDeadlines(ctx).catch((error) => ctx.log.warn({ err: error }, "deal deadlines failed"));
  const first = setTimeout(run, 5000);
  const timer = setInterval(run, MINUTE_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
