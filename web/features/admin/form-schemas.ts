/*
 * The administrator's forms' schemas. Loaded on demand by the forms (useZodForm), so that zod
 * reaches the browser only once a form is filled in.
 */
import { ADMIN_MESSAGES } from "@shared/admin-constants";
import { AddCollegeBodySchema } from "@shared/api/admin";
import { CreateEventBodySchema } from "@shared/api/events";
import { EVENT_MESSAGES } from "@shared/events-constants";
import { REJECT_REASON_MAX_LENGTH, VERIFICATION_MESSAGES } from "@shared/verification-constants";
import { z } from "zod";
import { isTicketIdShaped } from "./admin-format";

export { AdminEditUserBodySchema } from "@shared/api/admin";
/** A decision on reports: the action, the reason sent to the user and, to suspend, how long. */
export { ModerationActionBodySchema as ModerationFormSchema } from "@shared/api/reports";

/**
 * The event as the server takes it, with the form's two differences: the links are read without
 * their spaces, and the registration link is null while its box is unticked ('' once ticked, so a
 * ticked box with no link is refused).
 */
export const EventFormSchema = CreateEventBodySchema.extend({
  image: z.string().trim().pipe(CreateEventBodySchema.shape.image),
  registrationUrl: z
    .string()
    .trim()
    .min(1, EVENT_MESSAGES.required("Registration URL"))
    .pipe(CreateEventBodySchema.shape.registrationUrl.unwrap())
    .nullable(),
});

/**
 * The server's rule for a new college, read without surrounding spaces; a blank city or college is
 * refused with the spec's 'City and College are required'.
 */
export const AddCollegeFormSchema = z.object({
  city: z.string().trim().min(1, ADMIN_MESSAGES.collegeRequired).pipe(AddCollegeBodySchema.shape.city),
  college: z.string().trim().min(1, ADMIN_MESSAGES.collegeRequired).pipe(AddCollegeBodySchema.shape.college),
});

/** A ticket ID as typed, with or without its '#': required, then six digits as the server issues them. */
export const TicketSearchSchema = z.object({
  ticketId: z
    .string()
    .trim()
    .transform((value) => value.replace(/^#/, ""))
    .pipe(
      z.string().min(1, ADMIN_MESSAGES.enterTicketId).refine(isTicketIdShaped, ADMIN_MESSAGES.ticketNotFound),
    ),
});

/** 'Reject' a student ID: the reason the student is told. */
export const RejectIdFormSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, VERIFICATION_MESSAGES.reasonRequired)
    .max(REJECT_REASON_MAX_LENGTH, `At most ${REJECT_REASON_MAX_LENGTH} characters.`),
});

export { CollegeAliasBodySchema as CollegeAliasFormSchema } from "@shared/api/colleges";
/** A college's e-mail domain, as the server takes it (lower-cased, no '@'). */
export { CollegeDomainBodySchema as CollegeDomainFormSchema } from "@shared/api/verification";
