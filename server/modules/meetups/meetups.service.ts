import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type {
  AdminMeetupSpot,
  ChatMeetupsResponse,
  Meetup,
  MeetupSpot,
  MeetupSpotBody,
  ProposeMeetupBody,
} from "@shared/api/meetups";
import { formatMeetupTime } from "@shared/meetup-time";
import {
  MEETUP_MAX_DAYS_AHEAD,
  MEETUP_MESSAGES,
  MEETUP_MIN_LEAD_MINUTES,
  MEETUP_REMINDER_MINUTES,
  MEETUP_TEXTS,
} from "@shared/meetups-constants";
import type { AppContext } from "../../context";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema";
import { AppError } from "../../lib/app-error";
import type { PendingEvent } from "../../realtime/live-events";
import { transactionWithEvents } from "../../realtime/transaction";
import { recordAudit } from "../admin/audit.service";
import {
  DuplicateMessage,
  findSentMessage,
  insertChatMessage,
  loadChatToAct,
  loadChatToRead,
  toMessageDto,
} from "../chats/deal-chat.service";
import { addNotification } from "../notifications/notifications.service";
import { meetupCalendar } from "./meetups.calendar";
import { canAnswerMeetup, canManageSpots, canProposeMeetup } from "./meetups.policy";
import * as repo from "./meetups.repository";

type Emit = (event: PendingEvent) => void;
const MINUTE_MS = 60 * 1000;

function toSpotDto(row: repo.MeetupSpotRow): MeetupSpot {
  return { id: row.id, collegeId: row.collegeId, name: row.name, directions: row.directions };
}

function toMeetupDto(row: repo.MeetupRow, viewer: Pick<UserRow, "id">, members: readonly string[]): Meetup {
  const canAnswer = canAnswerMeetup(viewer, row, members);
  return {
    id: row.id,
    chatId: row.chatId,
    proposerId: row.proposerId,
    spot: { name: row.spotName, directions: row.spotDirections },
    startsAt: row.startsAt.toISOString(),
    status: row.status,
    abilities: { canAccept: canAnswer, canSuggestAnother: canAnswer },
  };
}

/** Both members' open threads fetch the chat again (its header and its meetups). */
function emitChatChanged(emit: Emit, chatId: string, members: readonly string[]): void {
  for (const userId of members) emit({ userId, event: { type: "deal.updated", data: { chatId } } });
}

/** The spots of the chat's two colleges, the item's first, then the buyer's. */
async function spotsOfChat(db: Db, chatId: string) {
  const colleges = await repo.collegesOfChat(db, chatId);
  const ordered = [colleges.item, colleges.buyer].filter(
    (college, index, all): college is repo.CollegeRef =>
      college !== null && all.findIndex((other) => other?.id === college.id) === index,
  );
  const spots = await repo.listApprovedSpots(
    db,
    ordered.map((college) => college.id),
  );
  return { colleges: ordered, spots };
}

/** A chat's meetups and the spots to pick from, for its members only. */
export async function listChatMeetups(
  ctx: AppContext,
  user: UserRow,
  chatId: string,
): Promise<ChatMeetupsResponse> {
  const { chat, members } = await loadChatToRead(ctx.db, user, chatId);
  const [{ colleges, spots }, rows] = await Promise.all([
    spotsOfChat(ctx.db, chatId),
    repo.listChatMeetups(ctx.db, chatId),
  ]);
  return {
    meetups: rows.map((row) => toMeetupDto(row, user, members)),
    spots: spots.map(toSpotDto),
    colleges,
    canPropose: canProposeMeetup(user, chat, members),
  };
}

/** The time must be at least 30 minutes ahead and within 30 days. */
function checkTime(startsAt: Date, now: Date): void {
  if (Number.isNaN(startsAt.getTime())) throw new AppError("invalid_input", MEETUP_MESSAGES.badTime);
  if (startsAt.getTime() < now.getTime() + MEETUP_MIN_LEAD_MINUTES * MINUTE_MS)
    throw new AppError("invalid_input", MEETUP_MESSAGES.tooSoon);
  if (startsAt.getTime() > now.getTime() + MEETUP_MAX_DAYS_AHEAD * 24 * 60 * MINUTE_MS)
    throw new AppError("invalid_input", MEETUP_MESSAGES.tooLate);
}

/**
 * 'Suggest a meetup': posts a meetup card into the chat through the one message write path (the
 * other side's notification with it) and stores the meetup under the message's id. An earlier
 * open proposal in the chat is replaced. A retry with the same clientId answers the first copy.
 */
export async function proposeMeetup(ctx: AppContext, user: UserRow, chatId: string, body: ProposeMeetupBody) {
  const startsAt = new Date(body.startsAt);
  checkTime(startsAt, new Date());
  try {
    return await transactionWithEvents(ctx, async (tx, emit) => {
      const { chat, members } = await loadChatToAct(tx, user, chatId);
      if (!canProposeMeetup(user, chat, members)) throw new AppError("conflict", MEETUP_MESSAGES.notItemChat);
      const spot = await repo.findSpot(tx, body.spotId);
      const { colleges } = await spotsOfChat(tx, chatId);
      if (spot?.status !== "approved" || !colleges.some((college) => college.id === spot.collegeId))
        throw new AppError("invalid_input", MEETUP_MESSAGES.spotNotFound);
      await repo.replaceMeetups(tx, chatId, "proposed");
      const when = formatMeetupTime(startsAt);
      const { message } = await insertChatMessage(
        tx,
        emit,
        {
          chatId,
          senderId: user.id,
          clientId: body.clientId,
          type: "meetup",
          text: MEETUP_TEXTS.proposed(spot.name, when),
          offerPrice: null,
        },
        { type: "deal", text: MEETUP_TEXTS.proposedNotice(user.name, spot.name, when), fromName: user.name },
      );
      const meetup = await repo.insertMeetup(tx, {
        id: message.id,
        chatId,
        proposerId: user.id,
        spotId: spot.id,
        spotName: spot.name,
        spotDirections: spot.directions,
        itemTitle: chat.itemName,
        startsAt,
      });
      emitChatChanged(emit, chatId, members);
      return {
        message: toMessageDto(message, user.id),
        meetup: toMeetupDto(meetup, user, members),
        isNew: true,
      };
    });
  } catch (error) {
    if (!(error instanceof DuplicateMessage)) throw error;
    const first = await findSentMessage(ctx.db, user.id, body.clientId);
    const meetup = first ? await repo.findMeetup(ctx.db, first.id) : undefined;
    if (!first || !meetup || first.chatId !== chatId)
      throw new AppError("conflict", "This message id was already used.");
    const { members } = await loadChatToRead(ctx.db, user, chatId);
    return {
      message: toMessageDto(first, user.id),
      meetup: toMeetupDto(meetup, user, members),
      isNew: false,
    };
  }
}

/** The other side accepts an open proposal; an earlier accepted meetup in the chat gives way. */
export async function acceptMeetup(ctx: AppContext, user: UserRow, chatId: string, meetupId: string) {
  return transactionWithEvents(ctx, async (tx, emit) => {
    const { chat, members } = await loadChatToAct(tx, user, chatId);
    const meetup = await repo.lockMeetup(tx, chatId, meetupId);
    if (!meetup) throw new AppError("not_found", MEETUP_MESSAGES.meetupNotFound);
    if (meetup.proposerId === user.id) throw new AppError("forbidden", MEETUP_MESSAGES.notYours);
    if (!canAnswerMeetup(user, meetup, members)) throw new AppError("conflict", MEETUP_MESSAGES.notOpen);
    await repo.replaceMeetups(tx, chatId, "accepted", meetup.id);
    const accepted = await repo.acceptMeetup(tx, meetup.id, new Date());
    if (!accepted) throw new AppError("conflict", MEETUP_MESSAGES.notOpen);
    await addNotification(tx, emit, {
      userId: meetup.proposerId,
      type: "deal",
      text: MEETUP_TEXTS.acceptedNotice(user.name, meetup.spotName, formatMeetupTime(meetup.startsAt)),
      chatId,
      itemId: chat.itemId,
      fromUserId: user.id,
    });
    emitChatChanged(emit, chatId, members);
    return toMeetupDto(accepted, user, members);
  });
}

/** The meetup's calendar file, for the chat's members: the spot, the time and the item's title only. */
export async function meetupCalendarFile(ctx: AppContext, user: UserRow, chatId: string, meetupId: string) {
  await loadChatToRead(ctx.db, user, chatId);
  const meetup = await repo.findMeetup(ctx.db, meetupId);
  if (!meetup || meetup.chatId !== chatId || meetup.status === "replaced")
    throw new AppError("not_found", MEETUP_MESSAGES.meetupNotFound);
  return meetupCalendar(meetup);
}

/** 'Suggest a spot': any student suggests one for a college; it waits for the administrator. */
export async function suggestSpot(ctx: AppContext, user: UserRow, collegeId: string, body: MeetupSpotBody) {
  const college = await repo.findCollege(ctx.db, collegeId);
  if (!college) throw new AppError("not_found", MEETUP_MESSAGES.collegeNotFound);
  const row = await repo.insertSpot(ctx.db, { collegeId, ...body, status: "pending", suggestedBy: user.id });
  if (!row) throw new AppError("conflict", MEETUP_MESSAGES.spotExists);
  return toSpotDto(row);
}

function assertAdmin(user: UserRow): void {
  if (!canManageSpots(user)) throw new AppError("forbidden", ADMIN_MESSAGES.adminOnly);
}

function toAdminSpotDto(row: Awaited<ReturnType<typeof repo.listAllSpots>>[number]): AdminMeetupSpot {
  return {
    ...toSpotDto(row.spot),
    collegeName: row.collegeName,
    city: row.city,
    status: row.spot.status,
    createdAt: row.spot.createdAt.toISOString(),
  };
}

/** The Colleges tab's spots: suggestions waiting first. */
export async function listSpots(ctx: AppContext, admin: UserRow): Promise<AdminMeetupSpot[]> {
  assertAdmin(admin);
  return (await repo.listAllSpots(ctx.db)).map(toAdminSpotDto);
}

export async function addSpot(ctx: AppContext, admin: UserRow, collegeId: string, body: MeetupSpotBody) {
  assertAdmin(admin);
  return ctx.db.transaction(async (tx) => {
    const college = await repo.findCollege(tx, collegeId);
    if (!college) throw new AppError("not_found", MEETUP_MESSAGES.collegeNotFound);
    const row = await repo.insertSpot(tx, { collegeId, ...body, status: "approved", suggestedBy: null });
    if (!row) throw new AppError("conflict", MEETUP_MESSAGES.spotExists);
    await recordAudit(
      tx,
      admin,
      "meetup-spot.add",
      { type: "meetup_spot", id: row.id },
      { college: college.name, ...body },
    );
    return toSpotDto(row);
  });
}

export async function editSpot(ctx: AppContext, admin: UserRow, id: string, body: MeetupSpotBody) {
  assertAdmin(admin);
  return ctx.db.transaction(async (tx) => {
    const before = await repo.findSpot(tx, id);
    if (!before) throw new AppError("not_found", MEETUP_MESSAGES.spotNotFound);
    const row = await repo.updateSpot(tx, id, body).catch((error: unknown) => {
      if ((error as { code?: string }).code === "23505" || String(error).includes("duplicate key"))
        throw new AppError("conflict", MEETUP_MESSAGES.spotExists);
      throw error;
    });
    if (!row) throw new AppError("not_found", MEETUP_MESSAGES.spotNotFound);
    await recordAudit(
      tx,
      admin,
      "meetup-spot.edit",
      { type: "meetup_spot", id },
      {
        from: { name: before.name, directions: before.directions },
        to: body,
      },
    );
    return toSpotDto(row);
  });
}

export async function removeSpot(ctx: AppContext, admin: UserRow, id: string): Promise<void> {
  assertAdmin(admin);
  await ctx.db.transaction(async (tx) => {
    const row = await repo.deleteSpot(tx, id);
    if (!row) throw new AppError("not_found", MEETUP_MESSAGES.spotNotFound);
    await recordAudit(
      tx,
      admin,
      "meetup-spot.remove",
      { type: "meetup_spot", id },
      {
        name: row.name,
        directions: row.directions,
      },
    );
  });
}

/** Approve (listed from now on) or reject (removed) a student's suggestion. */
export async function decideSpot(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  decision: "approve" | "reject",
) {
  assertAdmin(admin);
  await ctx.db.transaction(async (tx) => {
    const spot = await repo.findSpot(tx, id);
    if (!spot) throw new AppError("not_found", MEETUP_MESSAGES.spotNotFound);
    if (spot.status !== "pending") throw new AppError("conflict", "This suggestion was already decided.");
    if (decision === "approve") await repo.updateSpot(tx, id, { status: "approved" });
    else await repo.deleteSpot(tx, id);
    await recordAudit(
      tx,
      admin,
      `meetup-spot.${decision}`,
      { type: "meetup_spot", id },
      {
        name: spot.name,
        directions: spot.directions,
      },
    );
  });
}

/**
 * One pass of the reminders: each accepted meetup starting within the hour reminds both members
 * once (a notification, whose push leaves through the outbox its row queues). The claim and the
 * notifications share one transaction, so two instances or a restart send it once. Returns how
 * many meetups this pass reminded.
 */
export async function runMeetupReminders(
  ctx: Pick<AppContext, "db" | "bus" | "log">,
  now = new Date(),
): Promise<number> {
  let sent = 0;
  const due = await repo.findDueReminders(ctx.db, now, MEETUP_REMINDER_MINUTES * MINUTE_MS, 200);
  for (const meetup of due) {
    const claimed = await transactionWithEvents(ctx, async (tx, emit) => {
      if (!(await repo.claimReminder(tx, meetup.id, now))) return false;
      const text = MEETUP_TEXTS.reminder(
        meetup.spotName,
        formatMeetupTime(meetup.startsAt),
        meetup.itemTitle,
      );
      for (const userId of await repo.chatMemberIds(tx, meetup.chatId)) {
        await addNotification(tx, emit, { userId, type: "deal", text, chatId: meetup.chatId });
      }
      return true;
    });
    if (claimed) sent += 1;
  }
  return sent;
}
