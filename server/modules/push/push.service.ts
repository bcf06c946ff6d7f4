import { createHash } from "node:crypto";
import { setMaxListeners } from "node:events";
import type {
  NotificationSettings,
  PushPayload,
  PushPromptAnswerBody,
  PushPromptResponse,
  PushSubscriptionBody,
} from "@shared/api/push";
import { notificationLink } from "@shared/notification-links";
import { PUSH_DEVICES_MAX, PUSH_MESSAGES, PUSH_PROMPT } from "@shared/push-constants";
import webpush from "web-push";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import type { OutboxRow } from "../../jobs/outbox";
import { AppError, notSignedIn } from "../../lib/app-error";
import * as repo from "./push.repository";
import { isReachablePushEndpoint, PushServiceError, postPush } from "./push-endpoint";
import { vapidKeys } from "./vapid";

/** The outbox kind of a push (written by the notifications trigger of migration 0019). */
export const PUSH_KIND = "push";

const DEFAULT_SETTINGS: NotificationSettings = {
  pushMessages: true,
  pushDeals: true,
  pushAdmin: true,
  pushEvents: true,
  emailDigest: true,
};

/** A push's text is one line: a stranger's long message never travels whole. */
const MAX_BODY = 100;
/** How long a push service keeps a push for an offline device. */
const PUSH_TTL_SECONDS = 24 * 60 * 60;
/**
 * A push service answers within a second; one that has not within this is a failed attempt, so a
 * student's devices that never answer hold a slot of the push lane this long at most.
 */
export const PUSH_DEADLINE_MS = 5000;

export async function publicKey(ctx: AppContext): Promise<string> {
  return (await vapidKeys(ctx)).publicKey;
}

export async function subscribe(
  ctx: AppContext,
  user: UserRow,
  sessionId: string | null,
  body: PushSubscriptionBody,
): Promise<void> {
  if (!sessionId) throw notSignedIn();
  if (!(await isReachablePushEndpoint(body.endpoint, ctx.config.PUSH_ALLOWED_PRIVATE_HOSTS))) {
    throw new AppError("invalid_input", PUSH_MESSAGES.unreachable);
  }
  await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    const isStored = await repo.upsertOwnSubscription(tx, {
      userId: user.id,
      sessionId,
      endpoint: body.endpoint,
      p256dh: body.keys.p256dh,
      auth: body.keys.auth,
    });
    // A device's address is a secret of the account that stored it: another account never takes it over.
    if (!isStored) throw new AppError("conflict", PUSH_MESSAGES.otherAccount);
    await repo.deleteOldestSubscriptions(tx, user.id, PUSH_DEVICES_MAX);
  });
}

export async function unsubscribe(ctx: AppContext, user: UserRow, endpoint: string): Promise<void> {
  await repo.deleteOwnSubscription(ctx.db, user.id, endpoint);
}

export async function settingsOf(ctx: AppContext, user: UserRow, sessionId: string | null) {
  const row = await repo.findSettings(ctx.db, user.id);
  const settings: NotificationSettings = row
    ? {
        pushMessages: row.pushMessages,
        pushDeals: row.pushDeals,
        pushAdmin: row.pushAdmin,
        pushEvents: row.pushEvents,
        emailDigest: row.emailDigest,
      }
    : DEFAULT_SETTINGS;
  return {
    settings,
    pushDevices: await repo.countSubscriptions(ctx.db, user.id),
    pushOnThisDevice: sessionId ? await repo.hasSessionSubscription(ctx.db, sessionId) : false,
  };
}

export async function updateSettings(
  ctx: AppContext,
  user: UserRow,
  sessionId: string | null,
  changes: Partial<NotificationSettings>,
) {
  if (Object.keys(changes).length > 0) await repo.saveSettings(ctx.db, user.id, changes);
  return settingsOf(ctx, user, sessionId);
}

type PushKind = keyof Omit<NotificationSettings, "emailDigest">;

export type NotificationType = repo.NotificationType;

/**
 * The settings kind of every notification type. A Record over the whole union: a new type does not
 * compile until it is given a kind here.
 */
export const PUSH_KIND_OF_TYPE: Record<NotificationType, PushKind> = {
  // A message, an offer to answer, a team's request, answer or removal: someone waits for the student.
  message: "pushMessages",
  offer: "pushMessages",
  recruitment_message: "pushMessages",
  team_request: "pushMessages",
  // An offer's answers, reservations, sales, rating prompts; saved-search, price-drop and expiry alerts.
  deal: "pushDeals",
  listing: "pushDeals",
  // Warnings, report outcomes, removals and suspensions from the moderators.
  admin: "pushAdmin",
  event_reminder: "pushEvents",
  event_update: "pushEvents",
};

/** Which setting a notification type falls under. */
export function kindOf(type: NotificationType): PushKind {
  return PUSH_KIND_OF_TYPE[type];
}

function oneLine(text: string): string {
  const line = text.replace(/\s+/g, " ").trim();
  return line.length > MAX_BODY ? `${line.slice(0, MAX_BODY - 1)}…` : line;
}

type PushNotification = NonNullable<Awaited<ReturnType<typeof repo.findNotificationForPush>>>;

/** What the push shows: a title, one line, the page to open, and the tag it replaces (per chat). */
export function toPushPayload({ notification, fromName }: PushNotification): PushPayload {
  const isChat = notification.chatId !== null;
  const title = !fromName
    ? "Campus Bazaar"
    : notification.type === "offer"
      ? `Offer from ${fromName}`
      : notification.type === "message" || notification.type === "recruitment_message"
        ? `Message from ${fromName}`
        : "Campus Bazaar";
  return {
    title,
    body: oneLine(notification.text),
    // The page its row in the list opens; the list itself for a notice that has none.
    url: notificationLink(notification) ?? "/notifications",
    tag: isChat ? `chat:${notification.chatId}` : `notification:${notification.id}`,
  };
}

/** The Topic header (at most 32 URL-safe characters): the push service keeps only the newest per topic. */
function topicOf(tag: string): string {
  return createHash("sha256").update(tag).digest("base64url").slice(0, 32);
}

/**
 * Sends an outbox row's push to each of the student's devices at once, unless the notification is
 * read or gone, the student turned its kind off, or has a live socket open on any instance (the
 * open tab shows it). A device the push service says is gone (404, 410) is removed; any other
 * refusal, or no answer before the signal (the lane's deadline) aborts, is retried.
 */
export async function sendPush(ctx: AppContext, row: OutboxRow, signal: AbortSignal): Promise<void> {
  const { notificationId, userId } = row.payload;
  if (!notificationId || !userId) return;
  const found = await repo.findNotificationForPush(ctx.db, notificationId);
  if (!found || found.notification.isRead) return;
  if (await ctx.hasLiveSocket?.(userId)) return;
  const settings = await repo.findSettings(ctx.db, userId);
  if (settings && !settings[kindOf(found.notification.type)]) return;
  const subscriptions = await repo.subscriptionsOf(ctx.db, userId);
  if (subscriptions.length === 0) return;
  const keys = await vapidKeys(ctx);
  const payload = toPushPayload(found);
  // Each device's request listens to the one signal: up to PUSH_DEVICES_MAX at once, and the worker.
  setMaxListeners(subscriptions.length + 2, signal);
  const results = await Promise.allSettled(
    subscriptions.map(async (subscription) => {
      const request = webpush.generateRequestDetails(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        { vapidDetails: keys, TTL: PUSH_TTL_SECONDS, topic: topicOf(payload.tag), urgency: "normal" },
      );
      try {
        await postPush(request, ctx.config.PUSH_ALLOWED_PRIVATE_HOSTS, signal);
      } catch (error) {
        if (error instanceof PushServiceError && (error.statusCode === 404 || error.statusCode === 410)) {
          await repo.deleteSubscription(ctx.db, subscription.id);
          return;
        }
        throw error;
      }
    }),
  );
  const failures = results.flatMap((result) =>
    result.status === "rejected"
      ? [result.reason instanceof Error ? result.reason.message : String(result.reason)]
      : [],
  );
  if (failures.length > 0) throw new Error(`push refused: ${failures.join("; ")}`);
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Whether the card may be offered now: never after 'Turn on' or three 'Not now', a week after one. */
function isPromptDue(row: repo.PushPromptRow | undefined, now: number): boolean {
  if (!row) return true;
  if (row.turnedOnAt || row.notNowCount >= PUSH_PROMPT.notNowMax) return false;
  return !row.lastNotNowAt || now - row.lastNotNowAt.getTime() >= PUSH_PROMPT.notNowWaitDays * DAY_MS;
}

/** The card's state for the signed-in student; it is theirs on every device. */
export async function pushPromptOf(ctx: AppContext, user: UserRow): Promise<PushPromptResponse> {
  return { isDue: isPromptDue(await repo.findPushPrompt(ctx.db, user.id), Date.now()) };
}

/**
 * The student's answer on the card. A 'Not now' counts only while the card was due, so the same
 * card answered in two tabs counts once; 'Turn on' ends the asking.
 */
export async function answerPushPrompt(
  ctx: AppContext,
  user: UserRow,
  body: PushPromptAnswerBody,
): Promise<PushPromptResponse> {
  await ctx.db.transaction(async (tx) => {
    await repo.lockUser(tx, user.id);
    if (body.answer === "turned_on") return repo.recordTurnedOn(tx, user.id);
    if (isPromptDue(await repo.findPushPrompt(tx, user.id), Date.now())) await repo.recordNotNow(tx, user.id);
  });
  return pushPromptOf(ctx, user);
}
