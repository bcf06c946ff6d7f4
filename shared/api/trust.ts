import { z } from "zod";
import { EMAIL_VISIBILITIES, MOBILE_VISIBILITIES } from "../trust-constants";
import { PersonSchema } from "./profiles";

export {
  BLOCK_MESSAGES,
  EMAIL_VISIBILITIES,
  type EmailVisibility,
  MOBILE_VISIBILITIES,
  type MobileVisibility,
  PRIVACY_MESSAGES,
} from "../trust-constants";

/** The students the caller blocked, most recent first. */
export const BlockedUsersResponseSchema = z.object({ blocked: z.array(PersonSchema) });
export type BlockedUsersResponse = z.infer<typeof BlockedUsersResponseSchema>;

/** Whether the caller now blocks the student. */
export const BlockStateResponseSchema = z.object({ isBlocked: z.boolean() });

/** Who may see the caller's mobile number and e-mail address. */
export const PrivacySchema = z.object({
  mobileVisibility: z.enum(MOBILE_VISIBILITIES, "Please choose who can see your mobile number."),
  emailVisibility: z.enum(EMAIL_VISIBILITIES, "Please choose who can see your e-mail address."),
});
export type Privacy = z.infer<typeof PrivacySchema>;
export const PrivacyResponseSchema = z.object({ privacy: PrivacySchema });
