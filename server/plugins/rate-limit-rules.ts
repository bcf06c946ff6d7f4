import type { FastifyRequest } from "fastify";
import type { AppContext } from "../context";
import { requireUser } from "./auth";
import type { RateLimitRule } from "./rate-limit";

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

const MINUTE = 60;
const HOUR = 3600;

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
  /** Creating and editing recruitment posts; each one is announced to every open Teammate Finder. */
  recruitmentWrite: {
    key: "recruitment-write",
    windows: perMinuteAndHour(6, 30),
    refusal: "You're posting too fast.",
  },
  /** Profile, name and holiday-mode changes. */
  profileEdit: {
    key: "profile-edit",
    windows: perMinuteAndHour(10, 60),
    refusal: "You're changing your profile too fast.",
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
    await ctx.rateLimiter.hitWindows(`${rule.key}:user:${user.id}`, windows, {
      message: (retryAfter) => `${rule.refusal} ${tryAgainIn(retryAfter)}`,
    });
  };
}
