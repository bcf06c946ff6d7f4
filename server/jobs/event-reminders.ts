import type { AppContext } from "../context";
import { runEventReminders } from "../modules/events/event-reminders";
import { runMeetupReminders } from "../modules/meetups/meetups.service";

const MINUTE_MS = 60 * 1000;

/**
 * Sends event reminders and meetup reminders (an hour before an accepted meetup) every minute. Any
 * number of instances may run it: each reminder is claimed by its row (event_reminders, the
 * meetup's reminded_at), so it goes out once, and a restart picks up what is due.
 */
export function startEventReminders(
  ctx: Pick<AppContext, "db" | "bus" | "log">,
  everyMs = MINUTE_MS,
): () => void {
  let running: Promise<unknown> | undefined;
  const pass = () => {
    if (running) return;
    running = Promise.all([
      runEventReminders(ctx).catch((error) => ctx.log.warn({ err: error }, "event reminders failed")),
      runMeetupReminders(ctx).catch((error) => ctx.log.warn({ err: error }, "meetup reminders failed")),
    ]).finally(() => {
      running = undefined;
    });
  };
  const timer = setInterval(pass, everyMs);
  timer.unref();
  pass();
  return () => clearInterval(timer);
}
