import type { RecruitmentListResponse, RecruitmentPost } from "@shared/api/recruitment";
import { RECRUITMENT_MESSAGES } from "@shared/recruitment-constants";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";
import { TEAMMATE_TEXTS } from "../teammate-texts";
import { RecruitmentCard } from "./recruitment-card";

const SKELETON_COUNT = 4;
const gridClasses = "grid grid-cols-1 gap-4 md:grid-cols-2";

interface RecruitmentListProps {
  data: RecruitmentListResponse | undefined;
  isError: boolean;
  isUpdating: boolean;
  userId: string;
  onRetry: () => void;
  onEdit: (post: RecruitmentPost) => void;
  /** What an empty list says instead of the usual (My teams: no team yet). */
  emptyText?: string;
}

export function RecruitmentList({
  data,
  isError,
  isUpdating,
  userId,
  onRetry,
  onEdit,
  emptyText,
}: RecruitmentListProps) {
  if (isError) {
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>{TEAMMATE_TEXTS.loadFailed}</span>
        <button type="button" onClick={onRetry} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  }

  if (!data) {
    return (
      <>
        <p role="status" className="sr-only">
          Loading recruitment posts
        </p>
        <div aria-busy="true" className={gridClasses}>
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              key={index}
              aria-hidden="true"
              className="h-64 rounded-xl border border-slate-200 bg-white p-4 motion-safe:animate-pulse"
            >
              <div className="h-4 w-1/3 rounded bg-slate-200" />
              <div className="mt-4 h-5 w-2/3 rounded bg-slate-200" />
              <div className="mt-4 h-16 rounded bg-slate-100" />
            </div>
          ))}
        </div>
      </>
    );
  }

  return (
    <div className="space-y-3">
      <div role="status" className="flex flex-wrap items-baseline gap-x-2 text-sm">
        <p className="font-medium text-slate-700">
          {RECRUITMENT_MESSAGES.showing(data.posts.length, data.total)}
        </p>
        {data.totalPages > 1 ? (
          <p className="text-slate-600">{TEAMMATE_TEXTS.pageOf(data.page, data.totalPages, data.matching)}</p>
        ) : null}
      </div>
      {data.matching === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-12 text-center">
          <p className="text-lg font-semibold text-slate-900">
            {emptyText ?? (data.total === 0 ? TEAMMATE_TEXTS.noPostsYet : TEAMMATE_TEXTS.noMatches)}
          </p>
        </div>
      ) : (
        <ul
          aria-label="Recruitment posts"
          aria-busy={isUpdating}
          className={`${gridClasses} transition-opacity ${isUpdating ? "opacity-60" : ""}`}
        >
          {data.posts.map((post) => (
            <li key={post.id}>
              <RecruitmentCard post={post} isOwn={post.recruiterId === userId} onEdit={onEdit} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
