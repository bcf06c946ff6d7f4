import { z } from "zod";
import { isEmailShaped, normaliseEmail } from "../validation/signup";
import {
  CODE_LENGTH,
  DOMAIN_PATTERN,
  ID_REVIEW_STATUSES,
  REJECT_REASON_MAX_LENGTH,
  VERIFICATION_MESSAGES,
  VERIFICATION_METHODS,
} from "../verification-constants";
import { singleLine, typedText } from "./text-rules";

/** Where the signed-in student stands: Settings > 'Verify your college'. */
export const CollegeVerificationSchema = z.object({
  /** The college on the student's profile ('' when none is chosen). */
  college: z.string(),
  /** The college they are verified for; null while not verified (or since they changed college). */
  verifiedCollege: z.string().nullable(),
  method: z.enum(VERIFICATION_METHODS).nullable(),
  /** The e-mail domains of the student's college; none means 'Verify with your student ID'. */
  domains: z.array(z.string()),
  /** The latest student ID review: waiting, or refused with its reason; null when none. */
  idReview: z
    .object({ status: z.enum(ID_REVIEW_STATUSES), reason: z.string().nullable(), createdAt: z.string() })
    .nullable(),
});
export type CollegeVerification = z.infer<typeof CollegeVerificationSchema>;
export const CollegeVerificationResponseSchema = z.object({ verification: CollegeVerificationSchema });

export const SendCollegeCodeBodySchema = z.object({
  email: typedText()
    .max(254)
    .refine(...singleLine("E-mail address"))
    .transform(normaliseEmail)
    .refine(isEmailShaped, VERIFICATION_MESSAGES.invalidEmail),
});
export type SendCollegeCodeBody = z.input<typeof SendCollegeCodeBodySchema>;

export const SendCollegeCodeResponseSchema = z.object({ expiresAt: z.string() });

export const ConfirmCollegeCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(new RegExp(`^\\d{${CODE_LENGTH}}$`), VERIFICATION_MESSAGES.invalidCode),
});
export type ConfirmCollegeCodeBody = z.input<typeof ConfirmCollegeCodeBodySchema>;

/** One student ID waiting in the admin panel's 'Verifications' tab. */
export const IdReviewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  college: z.string(),
  /** When the account was made: the tab shows its age. */
  accountCreatedAt: z.string(),
  submittedAt: z.string(),
  /** The admin-only address of the ID photo. */
  photoUrl: z.string(),
});
export type IdReview = z.infer<typeof IdReviewSchema>;
export const IdReviewsResponseSchema = z.object({ verifications: z.array(IdReviewSchema) });

export const IdDecisionBodySchema = z
  .object({
    decision: z.enum(["approve", "reject"]),
    reason: typedText()
      .trim()
      .max(REJECT_REASON_MAX_LENGTH, `At most ${REJECT_REASON_MAX_LENGTH} characters.`)
      .refine(...singleLine("Reason"))
      .optional(),
  })
  .refine((body) => body.decision === "approve" || (body.reason ?? "").length > 0, {
    message: VERIFICATION_MESSAGES.reasonRequired,
    path: ["reason"],
  });
export type IdDecisionBody = z.input<typeof IdDecisionBodySchema>;

export const CollegeDomainBodySchema = z.object({
  domain: z.string().max(253).trim().toLowerCase().regex(DOMAIN_PATTERN, VERIFICATION_MESSAGES.domainInvalid),
});
export type CollegeDomainBody = z.input<typeof CollegeDomainBodySchema>;

export const CollegeDomainSchema = z.object({ domain: z.string(), collegeId: z.string() });
export const CollegeDomainsResponseSchema = z.object({ domains: z.array(CollegeDomainSchema) });
export type CollegeDomainsResponse = z.infer<typeof CollegeDomainsResponseSchema>;
