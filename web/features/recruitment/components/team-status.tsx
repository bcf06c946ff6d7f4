import type { RecruitmentPost } from "@shared/api/recruitment";
import type { PushPromptIntent } from "@shared/push-constants";
import { TEAM_MESSAGES } from "@shared/team-constants";
import { Suspense, useCallback, useState } from "react";
import { LazyPushPromptCard } from "../../../components/push-prompt/lazy-push-prompt-card";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { OfflineRefusal, useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { requestFailure, useAnswerRequest } from "../api/team-requests";

// The dialogs load when their button is pressed, not with the Teammate Finder.
const JoinDialog = lazyWhenOnline(() =>
  import("./team-dialogs").then((module) => ({ default: module.JoinDialog })),
);
const RequestsDialog = lazyWhenOnline(() =>
  import("./team-dialogs").then((module) => ({ default: module.RequestsDialog })),
);

const TEAM_INTENT: PushPromptIntent = { kind: "team" };

/** How full the team is, its members, and the join, leave and requests actions. */
export function TeamStatus({ post }: { post: RecruitmentPost }) {
  const [open, setOpen] = useState<"join" | "requests" | null>(null);
  const close = () => setOpen(null);
  // After asking to join: the card offering pushes ('... when the recruiter answers').
  const [isPromptShown, setIsPromptShown] = useState(false);
  const closePrompt = useCallback(() => setIsPromptShown(false), []);
  const { acceptedCount, maxStudents, members, myRequest } = post;
  // Offline, 'Request to Join' says so rather than open a form that cannot be sent.
  const refusal = useOfflineRefusal();

  return (
    <div className="space-y-2 text-sm">
      <p className="font-medium text-slate-900">
        {post.isFull ? TEAM_MESSAGES.teamFull : TEAM_MESSAGES.spotsFilled(acceptedCount, maxStudents)}
      </p>
      <progress
        value={acceptedCount}
        max={maxStudents}
        aria-label={TEAM_MESSAGES.spotsFilled(acceptedCount, maxStudents)}
        className="h-2 w-full accent-indigo-700"
      />
      {members.length > 0 ? (
        <p className="break-words text-slate-700">{TEAM_MESSAGES.team(members.map((m) => m.name))}</p>
      ) : null}
      {post.abilities.canManageRequests ? (
        <button type="button" onClick={() => setOpen("requests")} className={`${secondaryButton} w-full`}>
          {TEAM_MESSAGES.requests(post.pendingCount)}
        </button>
      ) : null}
      {post.abilities.canRequest ? (
        <button
          type="button"
          onClick={() => refusal.attempt(() => setOpen("join"))}
          className={`${primaryButton} w-full`}
        >
          {TEAM_MESSAGES.requestToJoin}
        </button>
      ) : null}
      <OfflineRefusal shown={refusal.isRefused} />
      {myRequest ? <MyRequest request={myRequest} /> : null}
      {isPromptShown ? <LazyPushPromptCard intent={TEAM_INTENT} onClose={closePrompt} /> : null}
      {open ? (
        <Suspense fallback={null}>
          {open === "join" ? (
            <JoinDialog
              post={post}
              onClose={close}
              onSent={() => {
                close();
                setIsPromptShown(true);
              }}
            />
          ) : (
            <RequestsDialog post={post} onClose={close} />
          )}
        </Suspense>
      ) : null}
    </div>
  );
}

/** The viewer's own request: pending ('Cancel Request'), on the team ('Leave Team'), or a recent no. */
function MyRequest({ request }: { request: NonNullable<RecruitmentPost["myRequest"]> }) {
  const own = useAnswerRequest();
  const { confirm, confirmDialog } = useConfirm();
  if (request.status === "declined" || request.status === "removed") {
    return (
      <p className="text-slate-700">
        {request.status === "declined" ? TEAM_MESSAGES.requestDeclined : TEAM_MESSAGES.removedFromTeam}{" "}
        {TEAM_MESSAGES.askAgainLater}
      </p>
    );
  }
  const isMember = request.status === "accepted";

  async function answer() {
    if (!isMember) return own.mutate({ id: request.id, answer: "cancel" });
    const isConfirmed = await confirm({
      title: TEAM_MESSAGES.leaveTeam,
      message: TEAM_MESSAGES.leaveConfirm,
      confirmLabel: TEAM_MESSAGES.leaveTeam,
      destructive: true,
    });
    if (isConfirmed) own.mutate({ id: request.id, answer: "leave" });
  }

  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className={isMember ? "font-medium text-green-800" : "text-slate-700"}>
          {isMember ? TEAM_MESSAGES.onTeam : TEAM_MESSAGES.requestPending}
        </span>
        <button
          type="button"
          disabled={own.isPending}
          onClick={() => void answer()}
          className={secondaryButton}
        >
          {isMember ? TEAM_MESSAGES.leaveTeam : TEAM_MESSAGES.cancelRequest}
        </button>
      </div>
      {own.isError ? <Alert tone="error">{requestFailure(own.error)}</Alert> : null}
      {confirmDialog}
    </>
  );
}
