import { type RecruitmentInput, RecruitmentInputSchema, type RecruitmentPost } from "@shared/api/recruitment";
import { ACADEMIC_YEARS, type AcademicYear, TEAM_SIZE_MIN } from "@shared/recruitment-constants";

/** The create/edit form as typed; the team size stays text until it is checked. */
export interface RecruitmentFields {
  purpose: string;
  teamSize: string;
  event: string;
  skills: string;
  years: AcademicYear[];
  description: string;
}

export type RecruitmentFieldName = "purpose" | "teamSize" | "event" | "skills" | "years" | "description";
export type RecruitmentFieldErrors = Partial<Record<RecruitmentFieldName, string>>;

/** In the order the form shows them, so the first one with an error can take the focus. */
export const RECRUITMENT_FIELD_ORDER: RecruitmentFieldName[] = [
  "purpose",
  "teamSize",
  "event",
  "skills",
  "years",
  "description",
];

export const EMPTY_RECRUITMENT_FIELDS: RecruitmentFields = {
  purpose: "",
  teamSize: String(TEAM_SIZE_MIN),
  event: "",
  skills: "",
  years: [],
  description: "",
};

/** The form prefilled with a post being edited. */
export function fieldsFromPost(post: RecruitmentPost): RecruitmentFields {
  return {
    purpose: post.purpose,
    teamSize: String(post.maxStudents),
    event: post.event,
    skills: post.qualities,
    years: ACADEMIC_YEARS.filter((year) => post.years.includes(year)),
    description: post.description,
  };
}

/** A year ticked or unticked; the list keeps the form's order. */
export function toggleYear(years: AcademicYear[], year: AcademicYear, isChecked: boolean): AcademicYear[] {
  const chosen = new Set(years);
  if (isChecked) chosen.add(year);
  else chosen.delete(year);
  return ACADEMIC_YEARS.filter((candidate) => chosen.has(candidate));
}

const SCHEMA_FIELDS: Record<string, RecruitmentFieldName> = {
  purpose: "purpose",
  maxStudents: "teamSize",
  event: "event",
  qualities: "skills",
  years: "years",
  description: "description",
};

/** The body the API expects; a team size that is not a plain number is left for the check to refuse. */
export function toRecruitmentInput(fields: RecruitmentFields): RecruitmentInput {
  const teamSize = fields.teamSize.trim();
  return {
    purpose: fields.purpose,
    maxStudents: teamSize === "" ? Number.NaN : Number(teamSize),
    event: fields.event,
    qualities: fields.skills,
    years: fields.years,
    description: fields.description,
  };
}

/**
 * Checks the form with the schema the server uses, so both speak the same messages. Returns
 * the body to send, or the first message for each field.
 */
export function checkRecruitmentFields(
  fields: RecruitmentFields,
): { input: RecruitmentInput; errors: null } | { input: null; errors: RecruitmentFieldErrors } {
  const result = RecruitmentInputSchema.safeParse(toRecruitmentInput(fields));
  if (result.success) return { input: result.data, errors: null };
  const errors: RecruitmentFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = SCHEMA_FIELDS[String(issue.path[0])];
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { input: null, errors };
}
