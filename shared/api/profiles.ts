import { z } from "zod";
import { isCalendarDate } from "../validation/dates";
import {
  BIO_MAX_LENGTH,
  indiaToday,
  validateHolidayDates,
  validateName,
  validatePasswordChange,
} from "../validation/settings";
import { ItemSchema } from "./items";
import { singleLine, typedText } from "./text-rules";

/** What the viewer may do with a profile, from the server's profile policy. */
export const ProfileAbilitiesSchema = z.object({
  /** Only oneself (on /profile). */
  canEdit: z.boolean(),
  /** Anyone but oneself, unless either has blocked the other. */
  canFollow: z.boolean(),
  /** Anyone but oneself: 'Report' on the public profile. */
  canReport: z.boolean(),
  /** Anyone but oneself. */
  canBlock: z.boolean(),
});
export type ProfileAbilities = z.infer<typeof ProfileAbilitiesSchema>;

export const ProfileSchema = z.object({
  id: z.string(),
  name: z.string(),
  bio: z.string(),
  /** Null when the person's privacy settings keep it from the viewer. */
  email: z.string().nullable(),
  /** Null when the person's privacy settings keep it from the viewer ('Mobile number hidden'). */
  mobile: z.string().nullable(),
  college: z.string(),
  /** The college the person named waits for the administrator ('College pending'). */
  collegePending: z.boolean(),
  city: z.string(),
  profilePhoto: z.string().nullable(),
  /** 'Verified Student': verified by the college (issue 36), never by the sign-in e-mail alone. */
  isVerified: z.boolean(),
  /** 'E-mail confirmed': the sign-in address was confirmed. */
  isEmailConfirmed: z.boolean(),
  counts: z.object({ items: z.number().int(), followers: z.number().int(), following: z.number().int() }),
  abilities: ProfileAbilitiesSchema,
});
export type Profile = z.infer<typeof ProfileSchema>;

export const ProfileResponseSchema = z.object({
  profile: ProfileSchema,
  /** Whether the viewer follows this person (always false on one's own profile). */
  isFollowing: z.boolean(),
  isOwn: z.boolean(),
  /** Whether the viewer has blocked this person (their listings are then not shown). */
  isBlocked: z.boolean(),
  /** Available first (newest first), then sold by most recent sale. */
  items: z.array(ItemSchema),
});
export type ProfileResponse = z.infer<typeof ProfileResponseSchema>;

export const PersonSchema = z.object({
  id: z.string(),
  name: z.string(),
  college: z.string(),
  profilePhoto: z.string().nullable(),
});
export const FollowersResponseSchema = z.object({ followers: z.array(PersonSchema) });
export type Person = z.infer<typeof PersonSchema>;

export const UpdateProfileBodySchema = z
  .object({
    name: typedText(),
    bio: typedText()
      .max(BIO_MAX_LENGTH, `Bio must be at most ${BIO_MAX_LENGTH} characters`)
      .refine(...singleLine("Bio")),
    /** A URL from the profile-photo upload, or null to remove the photo. */
    profilePhoto: typedText()
      .max(500)
      .refine(...singleLine("Photo address"))
      .nullable(),
  })
  .superRefine((body, ctx) => {
    const message = validateName(body.name);
    if (message) ctx.addIssue({ code: "custom", path: ["name"], message });
  });

export const UpdateNameBodySchema = z.object({ name: typedText() }).superRefine((body, ctx) => {
  const message = validateName(body.name);
  if (message) ctx.addIssue({ code: "custom", path: ["name"], message });
});

export const ChangePasswordBodySchema = z
  .object({ currentPassword: z.string(), newPassword: z.string(), confirmPassword: z.string() })
  .superRefine((body, ctx) => {
    const message = validatePasswordChange(body);
    if (message) ctx.addIssue({ code: "custom", message });
  });

export const HolidayBodySchema = z.discriminatedUnion("isActive", [
  z
    .object({
      isActive: z.literal(true),
      // Missing dates reach the rule below, which words the refusal as the spec does.
      fromDate: z.string().nullish(),
      toDate: z.string().nullish(),
    })
    .superRefine((body, ctx) => {
      const fromDate = body.fromDate ?? "";
      const toDate = body.toDate ?? "";
      const shapeOk = (!fromDate || isCalendarDate(fromDate)) && (!toDate || isCalendarDate(toDate));
      const message = shapeOk
        ? validateHolidayDates(fromDate, toDate, indiaToday())
        : "Please enter dates as YYYY-MM-DD.";
      if (message) ctx.addIssue({ code: "custom", message });
    }),
  z.object({ isActive: z.literal(false) }),
]);
export type HolidayBody = z.infer<typeof HolidayBodySchema>;
