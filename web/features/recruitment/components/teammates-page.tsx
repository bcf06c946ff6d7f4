import type { RecruitmentPost } from "@shared/api/recruitment";
import { Suspense, useEffect, useId, useRef, useState } from "react";
import { primaryButton } from "../../../components/ui/button-styles";
import { OfflineAware } from "../../../components/ui/offline-state";
import { InlineLoading } from "../../../components/ui/page-loading";
import { Pagination } from "../../../components/ui/pagination";
import { Tabs } from "../../../components/ui/tabs";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { useSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useRecruitmentPosts } from "../api/get-recruitment-posts";
import { useTeammateFilters } from "../hooks/use-teammate-filters";
import { TEAMMATE_TEXTS } from "../teammate-texts";
import { RecruitmentList } from "./recruitment-list";
import { TeammateFilters } from "./teammate-filters";

// The form (and react-hook-form with it) loads when Create or Edit is pressed, not with the list.
const RecruitmentForm = lazyWhenOnline(() =>
  import("./recruitment-form").then((module) => ({ default: module.RecruitmentForm })),
);

/** 'Find teammates' (every post, filtered) and 'My teams' (the student's own teams, full ones too). */
const VIEWS = [
  { id: "all", label: TEAMMATE_TEXTS.findTeammates },
  { id: "mine", label: TEAMMATE_TEXTS.myTeams },
] as const;

/** Closed, creating a post, or editing one of the student's own. */
type FormState = { mode: "closed" } | { mode: "create" } | { mode: "edit"; post: RecruitmentPost };

/** /teammates: recruitment posts, filtered on the server, and the form to post or edit one. */
export function TeammatesPage() {
  useDocumentTitle("Teammate Finder");
  const { user } = useSession();
  const { filters, changeFilters, changePage } = useTeammateFilters();
  const [form, setForm] = useState<FormState>({ mode: "closed" });
  const query = useRecruitmentPosts(filters);
  const data = query.data;
  const listRef = useRef<HTMLDivElement>(null);

  // A page past the end (posts deleted meanwhile, an old link) moves to the last page there is.
  useEffect(() => {
    if (data && !query.isPlaceholderData && filters.page > data.totalPages) {
      changePage(data.totalPages, { replace: true });
    }
  }, [data, query.isPlaceholderData, filters.page, changePage]);

  function handlePageChange(page: number) {
    changePage(page);
    listRef.current?.scrollIntoView({ block: "start" });
  }
  const editingPost = form.mode === "edit" ? form.post : null;
  const formId = useId();
  const listId = useId();
  const createButtonRef = useRef<HTMLButtonElement>(null);

  function closeForm() {
    setForm({ mode: "closed" });
    // The form goes away: the button that opens it takes the focus, not the page's top.
    createButtonRef.current?.focus();
  }

  return (
    <div className="mx-auto w-full max-w-6xl space-y-5 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Teammate Finder</h1>
          <p className="mt-1 text-slate-600">Find teammates for hackathons, projects and competitions.</p>
        </div>
        <button
          ref={createButtonRef}
          type="button"
          aria-expanded={form.mode === "create"}
          aria-controls={formId}
          onClick={() => setForm({ mode: "create" })}
          className={primaryButton}
        >
          Create Recruitment Post
        </button>
      </header>

      <div id={formId}>
        {form.mode === "closed" ? null : (
          <Suspense fallback={<InlineLoading />}>
            <RecruitmentForm
              // A new key per post, so switching to another post's Edit starts from that post.
              key={editingPost?.id ?? "new"}
              post={editingPost}
              onClose={closeForm}
            />
          </Suspense>
        )}
      </div>

      <Tabs
        label="Teammate Finder views"
        variant="segmented"
        tabs={VIEWS}
        selected={filters.mine ? "mine" : "all"}
        onSelect={(view) => changeFilters({ mine: view === "mine" })}
        tabId={(view) => `${listId}-${view}`}
        panelId={listId}
      />

      {filters.mine ? null : <TeammateFilters filters={filters} onChange={changeFilters} />}

      <div
        ref={listRef}
        id={listId}
        role="tabpanel"
        aria-labelledby={`${listId}-${filters.mine ? "mine" : "all"}`}
        className="scroll-mt-20"
      >
        <OfflineAware query={query}>
          <RecruitmentList
            data={data}
            isError={query.isError}
            isUpdating={query.isPlaceholderData}
            userId={user?.id ?? ""}
            onRetry={() => query.refetch()}
            onEdit={(post) => setForm({ mode: "edit", post })}
            emptyText={filters.mine ? TEAMMATE_TEXTS.noTeamsYet : undefined}
          />
        </OfflineAware>
      </div>

      {data && !query.isError ? (
        <Pagination
          label="Recruitment post pages"
          page={filters.page}
          totalPages={data.totalPages}
          onChange={handlePageChange}
        />
      ) : null}
    </div>
  );
}
