import { EVENT_TEXTS, twelveHourTime } from "@shared/event-texts";
import { eventPath } from "@shared/notification-links";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { addNotification } from "../notifications/notifications.service";
import { claimReminder, type EventRow, findDueReminders, type ReminderKind } from "./events.repository";

export type { ReminderKind };

/** 10:00 am, 6:30 pm */
export const reminderTime = twelveHourTime;

/**
 * The reminder's words: the day before 'Tomorrow: HackDU at 10:00 am, Main Auditorium.', an hour
 * before 'HackDU starts in an hour at Main Auditorium.', and a day before registration closes
 * 'Registration for HackDU closes tomorrow at 6:00 pm.'
 */
export function reminderText(
  kind: ReminderKind,
  event: Pick<EventRow, "title" | "time" | "venue">,
  closesTime?: string | null,
): string {
  switch (kind) {
    case "24h":
      return EVENT_TEXTS.reminderDayBefore(event.title, reminderTime(event.time), event.venue);
    case "1h":
      return EVENT_TEXTS.reminderHourBefore(event.title, event.venue);
    case "registration":
      return EVENT_TEXTS.reminderRegistration(event.title, reminderTime(closesTime ?? "00:00"));
  }
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
    kind: ReminderKind;
    event: Pick<EventRow, "id" | "title" | "date" | "time" | "venue">;
    closesTime?: string | null;
  },
): Promise<void> {
  await addNotification(tx, emit, {
    userId: reminder.userId,
    type: "event_reminder",
    text: reminderText(reminder.kind, reminder.event, reminder.closesTime),
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
          kind: reminder.kind,
          event: { ...reminder, id: reminder.event_id },
          closesTime: reminder.closes_time,
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
