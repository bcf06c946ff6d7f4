import type { RecruitmentPost } from "@shared/api/recruitment";
import { eventPath } from "@shared/notification-links";
import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { TEAM_MESSAGES } from "@shared/team-constants";
import MessageSquareIcon from "lucide-react/icons/message-square";
import UsersIcon from "lucide-react/icons/users";
import { useId, useTransition } from "react";
import { Link, useNavigate } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton, textLink } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { OfflineRefusal, useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { ReadMore } from "../../../components/ui/read-more";
import { formatDate } from "../../../lib/format";
import { useDeleteRecruitmentPost } from "../api/delete-recruitment-post";
import { useMessageRecruiter } from "../api/message-recruiter";
import { lookingForText, TEAMMATE_TEXTS } from "../teammate-texts";
import { TeamStatus } from "./team-status";

interface RecruitmentCardProps {
  post: RecruitmentPost;
  /** The viewer wrote it: '(you)' beside the name. What they may do comes from `post.abilities`. */
  isOwn: boolean;
  onEdit: (post: RecruitmentPost) => void;
}

/** Opens (or reopens) the recruitment chat, then shows it in Messages. */
function MessageRecruiterButton({ post }: { post: RecruitmentPost }) {
  const navigate = useNavigate();
  // The transition keeps 'Connecting...' on screen while the messages page loads.
  const [isNavigating, startTransition] = useTransition();
  const chat = useMessageRecruiter({
    onSuccess: ({ id }) => startTransition(() => navigate(`/messages?chatId=${encodeURIComponent(id)}`)),
  });
  const isConnecting = chat.isPending || isNavigating;
  const refusal = useOfflineRefusal();
  return (
    <div className="space-y-2">
      <button
        type="button"
        disabled={isConnecting}
        onClick={() => refusal.attempt(() => chat.mutate(post.id, { onError: refusal.noteFailure }))}
        className={`${primaryButton} w-full`}
      >
        <MessageSquareIcon className="size-4" />
        {isConnecting ? "Connecting..." : "Message Recruiter"}
      </button>
      {chat.isError && !refusal.isRefused ? (
        <Alert tone="error" variant="inline" className="text-sm">
          {RECRUITMENT_MESSAGES.startFailed}
        </Alert>
      ) : null}
      <OfflineRefusal shown={refusal.isRefused} />
    </div>
  );
}

/** Edit and Delete, as far as the server's abilities allow them. */
function OwnerActions({ post, onEdit }: { post: RecruitmentPost; onEdit: (post: RecruitmentPost) => void }) {
  const removal = useDeleteRecruitmentPost();
  const { confirm, confirmDialog } = useConfirm();
  const { canEdit, canDelete } = post.abilities;

  async function handleDelete() {
    const isConfirmed = await confirm({
      message: RECRUITMENT_MESSAGES.deleteConfirm,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (isConfirmed) removal.mutate(post.id);
  }

  return (
    <div className="space-y-2">
      <div className="grid grid-cols-2 gap-2">
        {canEdit ? (
          <button type="button" onClick={() => onEdit(post)} className={secondaryButton}>
            Edit
          </button>
        ) : null}
        {canDelete ? (
          <button
            type="button"
            disabled={removal.isPending}
            onClick={handleDelete}
            className={`${secondaryButton} text-red-700`}
          >
            {removal.isPending ? "Deleting..." : "Delete"}
          </button>
        ) : null}
      </div>
      {confirmDialog}
      {removal.isError ? (
        <Alert tone="error" variant="inline" className="text-sm">
          {TEAMMATE_TEXTS.deleteFailed}
        </Alert>
      ) : null}
    </div>
  );
}

export function RecruitmentCard({ post, isOwn, onEdit }: RecruitmentCardProps) {
  const headingId = useId();
  const { canEdit, canDelete, canMessage } = post.abilities;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1 text-sm">
        <div className="min-w-0">
          <Link to={`/profile/${encodeURIComponent(post.recruiterId)}`} className={textLink}>
            {post.recruiterName}
          </Link>
          {isOwn ? <span className="ml-1 text-slate-600">(you)</span> : null}
          <p className="break-words text-slate-600">{post.recruiterCollege}</p>
        </div>
        <p className="shrink-0 text-slate-600">
          Posted <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        </p>
      </div>

      <div>
        <h2 id={headingId} className="text-lg font-semibold break-words text-slate-900">
          {post.purpose}
        </h2>
        {post.eventTitle ? (
          <p className="mt-0.5 text-sm break-words text-indigo-800">
            <span className="font-medium">Linked event:</span>{" "}
            <Link to={eventPath(post.eventId ?? "")} className={textLink}>
              {post.eventTitle}
            </Link>
          </p>
        ) : null}
        {post.eventCancelled ? (
          <p className="mt-0.5 text-sm font-medium text-red-800">{TEAM_MESSAGES.eventCancelled}</p>
        ) : null}
        {post.event ? (
          <p className="mt-0.5 text-sm break-words text-indigo-800">
            <span className="font-medium">Event:</span> {post.event}
          </p>
        ) : null}
      </div>

      <ReadMore text={post.description} className="text-sm text-slate-700" />

      <p className="inline-flex items-center gap-2 self-start rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-900">
        <UsersIcon className="size-4" />
        {lookingForText(post.maxStudents)}
      </p>

      <div className="text-sm">
        <p className="font-medium text-slate-900">Academic years</p>
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {post.years.map((year) => (
            <li key={year} className="rounded-full bg-slate-100 px-2.5 py-0.5 text-slate-800">
              {year}
            </li>
          ))}
        </ul>
      </div>

      {post.qualities ? (
        <p className="text-sm break-words text-slate-700">
          <span className="font-medium text-slate-900">Skills:</span> {post.qualities}
        </p>
      ) : null}

      <TeamStatus post={post} />

      {canEdit || canDelete || canMessage ? (
        <div className="mt-auto space-y-2 pt-1">
          {canEdit || canDelete ? <OwnerActions post={post} onEdit={onEdit} /> : null}
          {canMessage ? <MessageRecruiterButton post={post} /> : null}
        </div>
      ) : null}
    </article>
  );
}
