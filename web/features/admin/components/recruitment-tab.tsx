import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type { RecruitmentPost } from "@shared/api/recruitment";
import { ADMIN_RECRUITMENT_PAGE_SIZE } from "@shared/recruitment-constants";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { textLink } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { formatDate } from "../../../lib/format";
import { ADMIN_FAILURES } from "../admin-texts";
import { useDeleteRecruitmentPost } from "../api/delete-recruitment-post";
import { adminRecruitmentQueryOptions } from "../api/get-recruitment-posts";
import { useStepBackFromEmptyPage } from "../hooks/use-step-back-from-empty-page";
import { useAdminNotice } from "./admin-notice";
import { Pager } from "./pager";
import { dangerButton, EmptyState, LoadError, LoadingState, PanelSection } from "./panel-states";

/** 'Any' when no particular year is asked for. */
function yearsText(years: string[]): string {
  const specific = years.filter((year) => year !== "Any Year");
  return specific.length > 0 ? specific.join(", ") : "Any";
}

function RecruitmentCard({
  post,
  onDelete,
  isDeleting,
}: {
  post: RecruitmentPost;
  onDelete: () => void;
  isDeleting: boolean;
}) {
  const purpose = post.purpose.trim() || "Untitled";
  const details: [string, string][] = [
    ["Event", post.event || "—"],
    ["Team size", String(post.maxStudents)],
    ["Years", yearsText(post.years)],
    ["Skills", post.qualities || "—"],
  ];
  return (
    <li className="flex flex-col rounded-xl border border-slate-200 bg-white p-4">
      <h3 className="break-words text-base font-semibold text-slate-900">{purpose}</h3>
      <p className="text-sm text-slate-600">{post.recruiterCollege}</p>
      <p className="mt-1 text-sm">
        Posted by{" "}
        <Link to={`/profile/${encodeURIComponent(post.recruiterId)}`} className={textLink}>
          {post.recruiterName}
        </Link>
      </p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        {details.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="font-medium text-slate-600">{term}</dt>
            <dd className="break-words text-slate-800">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 whitespace-pre-wrap break-words text-sm text-slate-700">{post.description}</p>
      <div className="mt-auto flex flex-wrap items-center justify-between gap-3 pt-4">
        <p className="text-xs text-slate-600">
          Created <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        </p>
        <button type="button" onClick={onDelete} disabled={isDeleting} className={dangerButton}>
          Delete<span className="sr-only"> recruitment post {purpose}</span>
        </button>
      </div>
    </li>
  );
}

/** Team Recruitment: every active recruitment post, with delete (the recruiter is notified). */
export function RecruitmentTab() {
  const [page, setPage] = useState(1);
  const posts = useQuery(adminRecruitmentQueryOptions(page));
  const notify = useAdminNotice();
  const { confirm, confirmDialog } = useConfirm();
  const remove = useDeleteRecruitmentPost({
    onSuccess: () => notify("success", ADMIN_MESSAGES.recruitmentDeleted),
    onError: (error) => notify("error", ADMIN_FAILURES.deleteRecruitment(error.message)),
  });
  const total = posts.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / ADMIN_RECRUITMENT_PAGE_SIZE));

  useStepBackFromEmptyPage(
    posts.data !== undefined && !posts.isPlaceholderData && posts.data.posts.length === 0,
    page,
    setPage,
  );

  async function handleDelete(post: RecruitmentPost) {
    const isConfirmed = await confirm({
      message: ADMIN_MESSAGES.confirmDeleteRecruitment,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (isConfirmed) remove.mutate(post.id);
  }

  return (
    <PanelSection title={`All Team Recruitment Posts (${total})`} titleId="admin-recruitment-heading">
      {posts.isPending ? (
        <LoadingState>Loading recruitment posts...</LoadingState>
      ) : posts.isError ? (
        <LoadError onRetry={() => void posts.refetch()}>Could not load the recruitment posts.</LoadError>
      ) : posts.data.posts.length === 0 ? (
        <EmptyState>{ADMIN_MESSAGES.noRecruitment}</EmptyState>
      ) : (
        <>
          <ul
            className={`grid gap-4 md:grid-cols-2 xl:grid-cols-3 ${posts.isPlaceholderData ? "opacity-60" : ""}`}
          >
            {posts.data.posts.map((post) => (
              <RecruitmentCard
                key={post.id}
                post={post}
                onDelete={() => void handleDelete(post)}
                isDeleting={remove.isPending && remove.variables === post.id}
              />
            ))}
          </ul>
          {total > ADMIN_RECRUITMENT_PAGE_SIZE ? (
            <Pager
              label="Recruitment post pages"
              page={page}
              totalPages={totalPages}
              onPageChange={setPage}
            />
          ) : null}
        </>
      )}
      {confirmDialog}
    </PanelSection>
  );
}
