import type { Profile } from "@shared/api/profiles";
import { collegeLabel } from "@shared/college-requests";
import { EMAIL_HIDDEN, MOBILE_HIDDEN } from "@shared/contact-texts";
import { VERIFIED_LABELS } from "@shared/verification-labels";
import CheckIcon from "lucide-react/icons/check";
import type { ReactNode } from "react";
import { textLink } from "../../../components/ui/button-styles";
import { telHref } from "../profile-format";
import { ProfileAvatar } from "./profile-avatar";

/** "Verified Student": the person proved their college (a college address's code, or an ID review). */
export function VerifiedLabel() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800">
      <CheckIcon strokeWidth={3} className="size-3.5" />
      {VERIFIED_LABELS.verifiedStudent}
    </span>
  );
}

/** "E-mail confirmed": the sign-in address only; it does not make a verified student. */
function EmailConfirmedLabel() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
      {VERIFIED_LABELS.emailConfirmed}
    </span>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-0.5 break-words text-slate-900">{children || "Not provided"}</dd>
    </div>
  );
}

/** Name, photo, bio and contact details; the page puts its own actions beside them. */
export function ProfileDetails({ profile, actions }: { profile: Profile; actions?: ReactNode }) {
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:items-start sm:text-left">
        <ProfileAvatar name={profile.name} photo={profile.profilePhoto} size={112} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words text-slate-900">{profile.name}</h1>
          {profile.isVerified ? (
            <p className="mt-1">
              <VerifiedLabel />
            </p>
          ) : profile.isEmailConfirmed ? (
            <p className="mt-1">
              <EmailConfirmedLabel />
            </p>
          ) : null}
          {profile.bio ? (
            <p className="mt-3 whitespace-pre-line break-words text-slate-700">{profile.bio}</p>
          ) : (
            <p className="mt-3 text-slate-500 italic">No bio yet.</p>
          )}
          {actions ? (
            <div className="mt-4 flex flex-wrap justify-center gap-2 sm:justify-start">{actions}</div>
          ) : null}
        </div>
      </div>
      <dl className="grid grid-cols-1 gap-4 rounded-xl bg-slate-50 p-4 text-sm sm:grid-cols-2">
        <Detail term="Email">
          {profile.email === null ? (
            <span className="text-slate-600">{EMAIL_HIDDEN}</span>
          ) : profile.email ? (
            <a href={`mailto:${profile.email}`} className={`${textLink} break-all`}>
              {profile.email}
            </a>
          ) : null}
        </Detail>
        <Detail term="Mobile">
          {/* Null: the person's privacy settings keep the number from this viewer. */}
          {profile.mobile === null ? (
            <span className="text-slate-600">{MOBILE_HIDDEN}</span>
          ) : profile.mobile ? (
            <a href={telHref(profile.mobile)} className={textLink}>
              {profile.mobile}
            </a>
          ) : null}
        </Detail>
        <Detail term="College">{collegeLabel(profile)}</Detail>
        <Detail term="City">{profile.city}</Detail>
      </dl>
    </div>
  );
}
