import { CAMPUS_TIME_ZONE } from "@shared/constants";
import { EVENT_TEXTS } from "@shared/event-texts";
import { eventPath } from "@shared/notification-links";
import { sql } from "drizzle-orm";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import { rowsOf } from "../../db/rows";
import { eventReminders } from "../../db/schema";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { addNotification } from "../notifications/notifications.service";
import type { EventRow } from "./events.repository";

export type ReminderKind = "24h" | "1h";

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

interface DueReminder {
  event_id: string;
  user_id: string;
  kind: ReminderKind;
  title: string;
  date: string;
  time: string;
  venue: string;
}

/**
 * Reminders due now: for each interested student of an event not yet begun, the 24-hour one once
 * the start is a day away (unless it is already within the hour) and the 1-hour one once it is an
 * hour away, each unless it was sent.
 */
async function findDue(db: Db, now: Date, limit: number): Promise<DueReminder[]> {
  const result = await db.execute(sql`
    with due as (
      select i.event_id, i.user_id, k.kind, e.title, to_char(e.date, 'YYYY-MM-DD') as date, e.time, e.venue,
             ((e.date + e.time::time) at time zone ${CAMPUS_TIME_ZONE}) as starts_at, k.lead
      from event_interests i
      join events e on e.id = i.event_id
      join users u on u.id = i.user_id and u.deleted_at is null
      cross join (values ('24h', interval '24 hours'), ('1h', interval '1 hour')) as k(kind, lead)
    )
    select event_id, user_id, kind, title, date, time, venue from due
    where starts_at > ${now.toISOString()}::timestamptz
      and starts_at - lead <= ${now.toISOString()}::timestamptz
      and (kind = '1h' or starts_at - interval '1 hour' > ${now.toISOString()}::timestamptz)
      and not exists (select 1 from event_reminders r
                      where r.event_id = due.event_id and r.user_id = due.user_id and r.kind = due.kind)
    limit ${limit}`);
  return rowsOf<DueReminder>(result);
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
    const due = await findDue(ctx.db, now, 200);
    if (due.length === 0) return sent;
    let claimedInPass = 0;
    for (const reminder of due) {
      const claimed = await transactionWithEvents(ctx, async (tx, emit) => {
        const [row] = await tx
          .insert(eventReminders)
          .values({ eventId: reminder.event_id, userId: reminder.user_id, kind: reminder.kind })
          .onConflictDoNothing()
          .returning({ kind: eventReminders.kind });
        if (!row) return false;
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
