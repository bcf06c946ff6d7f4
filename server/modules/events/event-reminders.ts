import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { EVENT_TEXTS } from "@shared/event-texts";
import { eventPath } from "@shared/notification-links";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { addNotification } from "../notifications/notifications.service";
import { claimReminder, type EventRow, findDueReminders } from "./events.repository";

export type { ReminderKind } from "./events.repository";

/** 10:00 am, 6:30 pm */
export function reminderTime(time: string): string {
  const [hours = 0, minutes = 0] = time.split(":").map(Number);
  const half = hours < 12 ? "am" : "pm";
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${half}`;
}

const indiaDate = new Intl.DateTimeFormat("en-CA", {
  timeZone: CAMPUS_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** 'HackDU starts tomorrow at 10:00 am at Main Auditorium.' ('today' on the day itself). */
export function reminderText(event: Pick<EventRow, "title" | "date" | "time" | "venue">, now: Date): string {
  const day = indiaDate.format(now) === event.date ? "today" : "tomorrow";
  return EVENT_TEXTS.reminder(event.title, day, reminderTime(event.time), event.venue);
}

/**
 * Sends one reminder notification inside the caller's transaction. This is the one place a
 * reminder goes out; its push leaves through the outbox the notification writes to, and opens the
 * event's card, as the notification's row does.
 */
export async function sendEventReminder(
  tx: Db,
  emit: (event: PendingEvent) => void,
  reminder: {
    userId: string;
    event: Pick<EventRow, "id" | "title" | "date" | "time" | "venue">;
    now: Date;
  },
): Promise<void> {
  await addNotification(tx, emit, {
    userId: reminder.userId,
    type: "event_reminder",
    text: reminderText(reminder.event, reminder.now),
    link: eventPath(reminder.event.id),
  });
}

/**
 * One pass: sends every reminder due now. Each is claimed by inserting its row in the same
 * transaction as the notification; another instance's pass waits on that key and then skips it,
 * and a pass after a restart finds it sent. Returns how many this pass sent.
 */
export async function runEventReminders(
  ctx: Pick<AppContext, "db" | "bus" | "log">,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  for (;;) {
    const due = await findDueReminders(ctx.db, now, 200);
    if (due.length === 0) return sent;
    let claimedInPass = 0;
    for (const reminder of due) {
      const claimed = await transactionWithEvents(ctx, async (tx, emit) => {
        if (!(await claimReminder(tx, reminder))) return false;
        await sendEventReminder(tx, emit, {
          userId: reminder.user_id,
          event: { ...reminder, id: reminder.event_id },
          now,
        });
        return true;
      });
      if (claimed) claimedInPass += 1;
    }
    sent += claimedInPass;
    // Everything found was taken by another instance meanwhile: nothing more is due.
    if (claimedInPass === 0 && due.length < 200) return sent;
  }
}
