import { COLLEGE_MESSAGES } from "@shared/api/colleges";
import { COLLEGE_REQUEST_TEXTS } from "@shared/college-requests";
import { IMAGE_MESSAGES } from "@shared/items-constants";
import { REPORT_TEXTS, SUSPENSION_TEXTS } from "@shared/reports-constants";
import { PRIVACY_MESSAGES } from "@shared/trust-constants";
import { LOGIN_ERRORS, SECOND_FACTOR_MESSAGES, SIGNUP_ERRORS } from "@shared/validation/messages";
import { SESSIONS_MESSAGES } from "@shared/validation/sessions";
import { VERIFICATION_MESSAGES } from "@shared/verification-constants";
import type { FastifyRequest } from "fastify";
import type { Config } from "../config/env";
import type { AppContext } from "../context";
import { AppError } from "../lib/app-error";
import { requireUser } from "./auth";
import type { RateLimitRule } from "./rate-limit";

const MINUTE = 60;
const HOUR = 3600;

/** The settings a rule may be scaled by: tests raise or lower the sign-in limits. */
type LimitConfig = Pick<
  Config,
  "AUTH_RATE_LIMIT" | "AUTH_RATE_WINDOW_SECONDS" | "WRITE_RATE_LIMIT_SCALE" | "UPLOAD_CPU_SECONDS_PER_10_MIN"
>;

/**
 * A limit on one kind of attempt, counted in one window: at most `limit` attempts per window under
 * one key, refused with 429, `refusal` and Retry-After past it.
 */
export interface AttemptLimitRule {
  /** The counter key's prefix; the subject follows it (a user's id, an address, an e-mail). */
  key: string;
  limit: number | ((config: LimitConfig) => number);
  windowSeconds: number | ((config: LimitConfig) => number);
  refusal: string;
}

/** Sign-in, signup and recovery attempts per account (AUTH_RATE_LIMIT per AUTH_RATE_WINDOW_SECONDS). */
const perAccount = (config: LimitConfig) => config.AUTH_RATE_LIMIT;
/** Many students share one campus address, so an address gets ten times the allowance of an account. */
const perAddress = (config: LimitConfig) => config.AUTH_RATE_LIMIT * 10;
const authWindow = (config: LimitConfig) => config.AUTH_RATE_WINDOW_SECONDS;

/** Every single-window limit by name; services and routes name the one they count against. */
export const ATTEMPT_LIMITS = {
  /** One-click unsubscribes from the unread-messages e-mail, per address: each checks a token. */
  unsubscribePerAddress: {
    key: "unsubscribe:ip",
    limit: 30,
    windowSeconds: 15 * 60,
    refusal: "Too many requests. Please try again later.",
  },
  /**
   * The sign-up picker's searches per address: a few a second while typing, and a campus sharing
   * one address still fits; a script walking the directory does not.
   */
  collegeSearchPerAddress: {
    key: "college-search:ip",
    limit: 600,
    windowSeconds: 10 * 60,
    refusal: COLLEGE_MESSAGES.searchLimited,
  },
  /**
   * 'My college isn't listed' sign-ups per address: each leaves a request in the administrator's
   * queue, so a campus sharing one address gets a few a day and a script filling the queue does not.
   */
  collegeRequestPerAddress: {
    key: "college-request:ip",
    limit: 20,
    windowSeconds: 24 * HOUR,
    refusal: COLLEGE_REQUEST_TEXTS.limited,
  },
  signupPerAddress: {
    key: "signup:ip",
    limit: perAddress,
    windowSeconds: authWindow,
    refusal: SIGNUP_ERRORS.rate_limited,
  },
  signupPerEmail: {
    key: "signup:email",
    limit: perAccount,
    windowSeconds: authWindow,
    refusal: SIGNUP_ERRORS.rate_limited,
  },
  signInPerAddress: {
    key: "login:ip",
    limit: perAddress,
    windowSeconds: authWindow,
    refusal: LOGIN_ERRORS.rate_limited,
  },
  /**
   * Sign-ins to one e-mail from one address; the allowance shrinks as the e-mail's failures from
   * every address grow (auth.service login).
   */
  signInPerEmailAndAddress: {
    key: "login:email",
    limit: perAccount,
    windowSeconds: authWindow,
    refusal: LOGIN_ERRORS.rate_limited,
  },
  /** Wrong passwords for one e-mail from anywhere, recorded after the fact; never refused itself. */
  signInFailures: {
    key: "login:failed",
    limit: perAccount,
    windowSeconds: authWindow,
    refusal: LOGIN_ERRORS.rate_limited,
  },
  verificationResend: {
    key: "verify:user",
    limit: perAccount,
    windowSeconds: authWindow,
    refusal: SIGNUP_ERRORS.rate_limited,
  },
  recoveryPerAddress: {
    key: "reset:ip",
    limit: perAddress,
    windowSeconds: authWindow,
    refusal: SIGNUP_ERRORS.rate_limited,
  },
  recoveryPerEmail: {
    key: "reset:email",
    limit: perAccount,
    windowSeconds: authWindow,
    refusal: SIGNUP_ERRORS.rate_limited,
  },
  /** Setting a new password with a recovery link. */
  passwordResetPerAddress: {
    key: "reset-password:ip",
    limit: perAddress,
    windowSeconds: authWindow,
    refusal: SIGNUP_ERRORS.rate_limited,
  },
  secondFactorPerAddress: {
    key: "second-factor:ip",
    limit: perAddress,
    windowSeconds: authWindow,
    refusal: SECOND_FACTOR_MESSAGES.tooManyAttempts,
  },
  /**
   * Codes for one administrator from one address; the allowance shrinks as the account's wrong codes
   * from every address grow (second-factor.service completeChallenge), as for sign-in.
   */
  secondFactorPerAccountAndAddress: {
    key: "second-factor:user",
    limit: perAccount,
    windowSeconds: authWindow,
    refusal: SECOND_FACTOR_MESSAGES.tooManyAttempts,
  },
  /** Wrong codes for one administrator from anywhere, recorded after the fact; never refused itself. */
  secondFactorFailures: {
    key: "second-factor:failed",
    limit: perAccount,
    windowSeconds: authWindow,
    refusal: SECOND_FACTOR_MESSAGES.tooManyAttempts,
  },
  /** Changing one's password in the settings (the current password is checked each time). */
  passwordChange: {
    key: "password:user",
    limit: perAccount,
    windowSeconds: authWindow,
    refusal: "Too many attempts. Please try again later.",
  },
  /**
   * Sign-outs per user: far more than a person taps, few enough that a script holding a stolen
   * session cannot churn the table or the live sockets of every instance.
   */
  signOut: {
    key: "sessions:end:user",
    limit: 30,
    windowSeconds: 15 * MINUTE,
    refusal: SESSIONS_MESSAGES.rateLimited,
  },
  /** Item images and profile photos; each is decoded and re-encoded. */
  upload: {
    key: "upload:user",
    limit: 60,
    windowSeconds: 10 * MINUTE,
    refusal: "Too many uploads. Please wait a few minutes and try again.",
  },
  /**
   * Suspension appeals, per address: each checks a signed token; a suspension takes one appeal,
   * so this only bounds a script trying tokens.
   */
  appealPerAddress: {
    key: "appeal:ip",
    limit: 10,
    windowSeconds: HOUR,
    refusal: SUSPENSION_TEXTS.rateLimited,
  },
  supportTicket: {
    key: "ticket:user",
    limit: 20,
    windowSeconds: HOUR,
    refusal: "You have raised many tickets recently. Please wait a while before raising another.",
  },
  /** Chat messages and offers; counted with the send, in its batch's transaction (chats.repository storeSend). */
  chatSend: {
    key: "send:user",
    limit: 120,
    windowSeconds: MINUTE,
    refusal: "You are sending messages too fast. Please wait a moment.",
  },
  /** Reports of listings, users and messages; each lands in the moderation queue. */
  report: {
    key: "report:user",
    limit: 20,
    windowSeconds: HOUR,
    refusal: REPORT_TEXTS.rateLimited,
  },
  /**
   * Other students' profiles opened per user: far more than a person browses, too few to read the
   * directory's names, colleges and shared contact details in bulk.
   */
  /**
   * 'Fresh on campus' asked per address: a landing page asks once, a campus behind one address many
   * times; a script scraping every city is slowed down.
   */
  freshListingsPerAddress: {
    key: "fresh-listings:ip",
    limit: 120,
    windowSeconds: MINUTE,
    refusal: "Too many requests. Please wait a moment and try again.",
  },
  /** An event's public page read from a shared link: a person opens a few, a script every id. */
  publicEventPerAddress: {
    key: "public-event:ip",
    limit: 120,
    windowSeconds: MINUTE,
    refusal: "Too many requests. Please wait a moment and try again.",
  },
  profileRead: {
    key: "profile-read:user",
    limit: 120,
    windowSeconds: 10 * MINUTE,
    refusal: PRIVACY_MESSAGES.profileReadsLimited,
  },
  /** College codes asked for per student: each one is a mail to an address they typed. */
  collegeCodePerUser: {
    key: "college-code:user",
    limit: 5,
    windowSeconds: HOUR,
    refusal: VERIFICATION_MESSAGES.codesLimited,
  },
  /** College codes sent to one address (counted by its keyed hash, never the address itself). */
  collegeCodePerAddress: {
    key: "college-code:address",
    limit: 3,
    windowSeconds: HOUR,
    refusal: VERIFICATION_MESSAGES.addressLimited,
  },
  /** Codes entered per student, across codes: each code also locks after five wrong ones. */
  collegeCodeConfirm: {
    key: "college-confirm:user",
    limit: 20,
    windowSeconds: HOUR,
    refusal: VERIFICATION_MESSAGES.confirmLimited,
  },
  /** Pickup codes typed per seller ('Confirm handover'), across items: each item also locks after five wrong ones. */
  pickupConfirm: {
    key: "pickup-confirm:user",
    limit: 30,
    windowSeconds: HOUR,
    refusal: "Too many pickup codes tried. Please try again later.",
  },
  /** Student ID photos sent for review per student. */
  idCardUpload: {
    key: "id-card:user",
    limit: 5,
    windowSeconds: 24 * HOUR,
    refusal: "Too many ID photos sent. Please try again tomorrow.",
  },
} as const satisfies Record<string, AttemptLimitRule>;

export type AttemptLimitName = keyof typeof ATTEMPT_LIMITS;

/** A named limit made concrete for one subject: the counter's key, its numbers and its refusal. */
export interface AttemptLimit {
  key: string;
  rule: RateLimitRule;
  message: string;
}

const resolve = (value: number | ((config: LimitConfig) => number), config: LimitConfig) =>
  typeof value === "number" ? value : value(config);

/** The rule `name` for one subject (a user's id, an address, an e-mail), with the settings applied. */
export function attemptLimit(config: LimitConfig, name: AttemptLimitName, subject: string): AttemptLimit {
  const rule: AttemptLimitRule = ATTEMPT_LIMITS[name];
  return {
    key: `${rule.key}:${subject}`,
    rule: { limit: resolve(rule.limit, config), windowSeconds: resolve(rule.windowSeconds, config) },
    message: rule.refusal,
  };
}

/** Counts one attempt of `subject` against the rule `name`; past its limit, 429 with Retry-After. */
export async function countAttempt(
  ctx: Pick<AppContext, "rateLimiter" | "config">,
  name: AttemptLimitName,
  subject: string,
): Promise<void> {
  const { key, rule, message } = attemptLimit(ctx.config, name, subject);
  await ctx.rateLimiter.hit(key, rule, { message });
}

/**
 * Counts an attempt at one account from one address (a password, a second-factor code). Failures are
 * counted per account and address, so a stranger's wrong guesses never lock the owner out from
 * anywhere else. Once the account's failures from every address together pass twice the rule's
 * limit, each further limit's worth of them halves every address's allowance, down to one attempt a
 * window: guessing from many addresses slows down, while an address that has not failed still gets
 * its attempt (one address alone never shrinks the others' allowance). Past the allowance, 429.
 * The caller records a failure after the fact, and clears the address's count on success.
 */
export async function countAccountAttempt(
  ctx: Pick<AppContext, "rateLimiter" | "config">,
  names: { fromAddress: AttemptLimitName; failures: AttemptLimitName },
  account: string,
  address: string,
): Promise<{ recordFailure: () => Promise<void>; clear: () => Promise<void> }> {
  const failed = attemptLimit(ctx.config, names.failures, account);
  const failures = await ctx.rateLimiter.peek(failed.key, failed.rule.windowSeconds);
  const halvings = Math.max(0, Math.floor(failures / failed.rule.limit) - 1);
  const fromAddress = attemptLimit(ctx.config, names.fromAddress, `${account}:ip:${address}`);
  const allowance = Math.max(1, Math.floor(fromAddress.rule.limit / 2 ** halvings));
  await ctx.rateLimiter.hit(fromAddress.key, { ...fromAddress.rule, limit: allowance }, fromAddress);
  return {
    recordFailure: async () => {
      await ctx.rateLimiter.record(failed.key, failed.rule.windowSeconds);
    },
    clear: () => ctx.rateLimiter.reset(fromAddress.key),
  };
}

/**
 * A limit on one kind of write, per user, counted in several windows at once: a burst per minute
 * that a script hits within seconds and a person filling in a form never does, and a total per
 * hour that still lets a student clear a hostel room (50 items in an hour) in one sitting.
 */
export interface WriteLimitRule {
  /** The counter's key prefix; the user's id follows it. */
  key: string;
  windows: readonly RateLimitRule[];
  /** What was being done too fast, in plain words; the wait follows it. */
  refusal: string;
}

/** A burst allowed per minute and a total allowed per hour. */
function perMinuteAndHour(perMinute: number, perHour: number): RateLimitRule[] {
  return [
    { limit: perMinute, windowSeconds: MINUTE },
    { limit: perHour, windowSeconds: HOUR },
  ];
}

/** Every write limit by name; routes name the one they use. */
export const WRITE_LIMITS = {
  /** POST /api/items. */
  itemPost: {
    key: "item-post",
    windows: perMinuteAndHour(10, 60),
    refusal: "You're posting too fast.",
  },
  /** Saving searches on /buy; each one is matched against every new item in the background. */
  savedSearchWrite: {
    key: "saved-search-write",
    windows: perMinuteAndHour(10, 60),
    refusal: "You're saving searches too fast.",
  },
  /** Creating and editing recruitment posts; each one is announced to every open Teammate Finder. */
  recruitmentWrite: {
    key: "recruitment-write",
    windows: perMinuteAndHour(6, 30),
    refusal: "You're posting too fast.",
  },
  /** Offers, counters and their answers, releases, sales and ratings (chats and items' deal routes). */
  dealAction: {
    key: "deal-action",
    windows: perMinuteAndHour(20, 200),
    refusal: "You're doing that too fast.",
  },
  /** Starting a conversation with a seller about an item (Contact Seller, Make Offer); reopening one is free. */
  chatOpen: {
    key: "chat-open",
    windows: perMinuteAndHour(20, 120),
    refusal: "You're starting chats too fast.",
  },
  /** 'Interested' on an event, set or cleared; each change is announced live. */
  eventInterest: {
    key: "event-interest",
    windows: perMinuteAndHour(30, 300),
    refusal: "You're changing interest too fast.",
  },
  /** An organiser posting, editing or cancelling an event; a change notifies everyone interested. */
  eventManage: {
    key: "event-manage",
    windows: perMinuteAndHour(20, 120),
    refusal: "You're changing events too fast.",
  },
  /** 'Request to Join' a team; each one notifies the recruiter. */
  teamRequest: {
    key: "team-request",
    windows: perMinuteAndHour(12, 60),
    refusal: "You're sending requests too fast.",
  },
  /** Profile, name and holiday-mode changes. */
  profileEdit: {
    key: "profile-edit",
    windows: perMinuteAndHour(10, 60),
    refusal: "You're changing your profile too fast.",
  },
  /**
   * A device acknowledging the chat messages it received over the live socket (two ticks): one a
   * burst of arriving messages, coalesced per chat by the browser.
   */
  chatDelivered: {
    key: "chat-delivered",
    windows: perMinuteAndHour(60, 1200),
    refusal: "Messages are being marked delivered too fast.",
  },
  /** Push subscriptions and notification settings: each one is checked with the push service later. */
  pushChange: {
    key: "push-change",
    windows: perMinuteAndHour(20, 120),
    refusal: "You're changing notifications too fast.",
  },
  /** Blocking and unblocking; each change is sent live to the blocker's own open pages. */
  blockChange: {
    key: "block-change",
    windows: perMinuteAndHour(10, 60),
    refusal: "You're blocking and unblocking too fast.",
  },
  /** 'Suggest a meetup' and its Accept: each one writes a card or a notice into the chat. */
  meetupPropose: {
    key: "meetup-propose",
    windows: perMinuteAndHour(10, 60),
    refusal: "You're suggesting meetups too fast.",
  },
  /** 'Suggest a spot': each suggestion waits in the administrator's Colleges tab. */
  meetupSpotSuggest: {
    key: "meetup-spot-suggest",
    windows: perMinuteAndHour(5, 20),
    refusal: "You're suggesting spots too fast.",
  },
  /** The administrator's college domains and student ID decisions: a script on a stolen session is held. */
  verificationAdmin: {
    key: "verification-admin",
    windows: perMinuteAndHour(30, 600),
    refusal: "You're doing that too fast.",
  },
} as const satisfies Record<string, WriteLimitRule>;

export type WriteLimitName = keyof typeof WRITE_LIMITS;

/** "Try again in a minute." up to a minute's wait, then in whole minutes. */
export function tryAgainIn(seconds: number): string {
  const minutes = Math.ceil(seconds / MINUTE);
  return minutes <= 1 ? "Try again in a minute." : `Try again in ${minutes} minutes.`;
}

/** A rule's windows with the configured scale applied (WRITE_RATE_LIMIT_SCALE; 1 in production). */
export function scaledWindows(rule: WriteLimitRule, scale: number): RateLimitRule[] {
  return rule.windows.map((window) => ({ ...window, limit: window.limit * scale }));
}

/**
 * The preHandler a route uses to count one write of the signed-in user against a named rule. It
 * runs after validation, so a form the server refuses as invalid costs nothing.
 */
export function limitWrites(ctx: Pick<AppContext, "rateLimiter" | "config">, name: WriteLimitName) {
  const rule: WriteLimitRule = WRITE_LIMITS[name];
  const windows = scaledWindows(rule, ctx.config.WRITE_RATE_LIMIT_SCALE);
  return async (request: FastifyRequest): Promise<void> => {
    const user = requireUser(request);
    await hitWrites(ctx, rule, windows, user.id);
  };
}

/**
 * Counts one write of `userId` against a named rule where no route preHandler can (an offer sent
 * through the message route): past its limit, 429 with Retry-After.
 */
export function countWrite(
  ctx: Pick<AppContext, "rateLimiter" | "config">,
  name: WriteLimitName,
  userId: string,
): Promise<void> {
  const rule: WriteLimitRule = WRITE_LIMITS[name];
  return hitWrites(ctx, rule, scaledWindows(rule, ctx.config.WRITE_RATE_LIMIT_SCALE), userId);
}

function hitWrites(
  ctx: Pick<AppContext, "rateLimiter">,
  rule: WriteLimitRule,
  windows: RateLimitRule[],
  userId: string,
): Promise<void> {
  return ctx.rateLimiter.hitWindows(`${rule.key}:user:${userId}`, windows, {
    message: (retryAfter) => `${rule.refusal} ${tryAgainIn(retryAfter)}`,
  });
}

/**
 * Image processing per student, counted in milliseconds of the image queue's upload lane rather
 * than in uploads: a photo of noise costs several times a phone photo, so a count alone let three
 * students keep the lane busy. Spent time is added after each upload's work (refused ones too), and
 * a student whose budget for the window is spent is refused before any new work starts.
 */
export const IMAGE_TIME_BUDGET = {
  key: "image-ms:user",
  windowSeconds: 10 * MINUTE,
  limitMs: (config: LimitConfig) => config.UPLOAD_CPU_SECONDS_PER_10_MIN * 1000,
  refusal: IMAGE_MESSAGES.processingBudget,
};

/** 429 with Retry-After (the end of the window) when the student's image time is spent. */
export async function checkImageTime(
  ctx: Pick<AppContext, "rateLimiter" | "config">,
  userId: string,
): Promise<void> {
  const { key, windowSeconds, limitMs, refusal } = IMAGE_TIME_BUDGET;
  const spent = await ctx.rateLimiter.current(`${key}:${userId}`, windowSeconds);
  if (spent.count >= limitMs(ctx.config)) {
    throw new AppError("rate_limited", refusal, { "retry-after": String(spent.retry_after) });
  }
}

/** Adds the milliseconds one upload's image work took to the student's present window. */
export async function spendImageTime(
  ctx: Pick<AppContext, "rateLimiter">,
  userId: string,
  milliseconds: number,
): Promise<void> {
  const { key, windowSeconds } = IMAGE_TIME_BUDGET;
  await ctx.rateLimiter.add(`${key}:${userId}`, Math.max(1, milliseconds), windowSeconds);
}
