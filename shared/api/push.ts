import { z } from "zod";

/** The server's VAPID public key, which a browser needs to subscribe to push. */
export const PushKeyResponseSchema = z.object({ publicKey: z.string() });
export type PushKeyResponse = z.infer<typeof PushKeyResponseSchema>;

/** Where a push service takes a device's pushes: https only. */
const pushEndpoint = z
  .url("The push address is not a valid URL.")
  .max(2048, "The push address is too long.")
  .refine((value) => value.startsWith("https://"), "The push address must use https.");

/** A browser's PushSubscription as its toJSON() gives it. */
export const PushSubscriptionBodySchema = z.object({
  endpoint: pushEndpoint,
  keys: z.object({
    p256dh: z.string().min(1, "The subscription has no key.").max(200, "The subscription key is too long."),
    auth: z
      .string()
      .min(1, "The subscription has no secret.")
      .max(100, "The subscription secret is too long."),
  }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBodySchema>;

export const PushUnsubscribeBodySchema = z.object({ endpoint: pushEndpoint });

/** Which notifications are pushed, and the e-mail about unread messages. */
export const NotificationSettingsSchema = z.object({
  pushMessages: z.boolean(),
  pushDeals: z.boolean(),
  pushAdmin: z.boolean(),
  pushEvents: z.boolean(),
  emailDigest: z.boolean(),
});
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const NotificationSettingsResponseSchema = z.object({
  settings: NotificationSettingsSchema,
  /** How many devices of mine receive pushes. */
  pushDevices: z.number().int().min(0),
  /** Whether the device (session) asking receives pushes: a sign-out there removed its subscription. */
  pushOnThisDevice: z.boolean(),
});
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponseSchema>;

export const NotificationSettingsBodySchema = NotificationSettingsSchema.partial();

/** What a push carries: a title, one short line, where tapping it goes, and what it replaces. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof PushPayloadSchema>;

/** Whether the in-app card that offers pushes may show now (for this student, on any device). */
export const PushPromptResponseSchema = z.object({ isDue: z.boolean() });
export type PushPromptResponse = z.infer<typeof PushPromptResponseSchema>;

/** The student's answer on the card: 'Not now', or 'Turn on' once the device receives pushes. */
export const PushPromptAnswerBodySchema = z.object({
  answer: z.enum(["not_now", "turned_on"], "Answer 'not_now' or 'turned_on'."),
});
export type PushPromptAnswerBody = z.infer<typeof PushPromptAnswerBodySchema>;
