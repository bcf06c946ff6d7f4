import type { RecruitmentPost, TeamRequest } from "@shared/api/recruitment";
import { TEAM_MESSAGES, TEAM_REQUEST_NOTE_MAX } from "@shared/team-constants";

import { useState } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { Dialog } from "../../../components/ui/dialog";
import { DialogActions } from "../../../components/ui/dialog-actions";
import { Field, inputClasses } from "../../../components/ui/field";
import {
  type RequestAnswer,
  requestFailure,
  useAnswerRequest,
  useRequestToJoin,
  useTeamRequests,
} from "../api/team-requests";

/** 'Request to Join' with an optional note of up to 300 characters. */
export function JoinDialog({
  post,
  onClose,
  onSent = onClose,
}: {
  post: RecruitmentPost;
  onClose: () => void;
  /** The request went: the dialog closes (and the Teammate Finder may offer pushes). */
  onSent?: () => void;
}) {
  const [note, setNote] = useState("");
  const join = useRequestToJoin(post.id, onSent);
  return (
    <Dialog title={TEAM_MESSAGES.requestToJoin} description={post.purpose} onClose={onClose}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          if (!join.isPending) join.mutate(note);
        }}
      >
        <Field
          label={TEAM_MESSAGES.requestNote}
          hint={`${note.length}/${TEAM_REQUEST_NOTE_MAX}`}
          error={note.length > TEAM_REQUEST_NOTE_MAX ? TEAM_MESSAGES.noteTooLong : null}
        >
          {(control) => (
            <textarea
              {...control}
              name="note"
              rows={3}
              maxLength={TEAM_REQUEST_NOTE_MAX}
              value={note}
              onChange={(event) => setNote(event.target.value)}
              className={inputClasses}
            />
          )}
        </Field>
        {join.isError ? (
          <Alert tone="error" variant="inline" className="text-sm">
            {requestFailure(join.error)}
          </Alert>
        ) : null}
        <DialogActions
          onCancel={onClose}
          submitLabel={join.isPending ? "Sending..." : TEAM_MESSAGES.requestToJoin}
          isSubmitting={join.isPending}
        />
      </form>
    </Dialog>
  );
}

function RequestRow({ request, team }: { request: TeamRequest; team: string }) {
  const answer = useAnswerRequest();
  const { confirm, confirmDialog } = useConfirm();
  const act = (what: RequestAnswer) => answer.mutate({ id: request.id, answer: what });
  const isMember = request.status === "accepted";

  async function remove() {
    const isConfirmed = await confirm({
      title: TEAM_MESSAGES.removeMember,
      message: TEAM_MESSAGES.removeConfirm(request.requesterName, team),
      confirmLabel: TEAM_MESSAGES.removeMember,
      destructive: true,
    });
    if (isConfirmed) act("remove");
  }

  return (
    <li className="space-y-2 border-b border-slate-200 py-3 last:border-0">
      <div>
        <p className="font-medium text-slate-900">
          {request.requesterName}
          {isMember ? <span className="ml-2 text-sm font-normal text-emerald-700">Member</span> : null}
        </p>
        {request.requesterCollege ? (
          <p className="text-sm break-words text-slate-700">{request.requesterCollege}</p>
        ) : null}
        <Link
          to={`/profile/${encodeURIComponent(request.requesterId)}`}
          className="inline-flex min-h-11 items-center text-sm font-medium text-indigo-700 underline underline-offset-2"
        >
          {TEAM_MESSAGES.viewProfile(request.requesterName)}
        </Link>
      </div>
      {request.note ? (
        <p className="text-sm break-words whitespace-pre-line text-slate-700">{request.note}</p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {isMember ? (
          <button
            type="button"
            disabled={answer.isPending}
            onClick={() => void remove()}
            className={secondaryButton}
          >
            {TEAM_MESSAGES.removeMember}
          </button>
        ) : (
          <>
            <button
              type="button"
              disabled={answer.isPending}
              onClick={() => act("accept")}
              className={primaryButton}
            >
              {TEAM_MESSAGES.accept}
            </button>
            <button
              type="button"
              disabled={answer.isPending}
              onClick={() => act("decline")}
              className={secondaryButton}
            >
              {TEAM_MESSAGES.decline}
            </button>
          </>
        )}
      </div>
      {answer.isError ? (
        <Alert tone="error" variant="inline" className="text-sm">
          {requestFailure(answer.error)}
        </Alert>
      ) : null}
      {confirmDialog}
    </li>
  );
}

/**
 * The recruiter's 'Requests (N)': pending requests to answer, then the members, each with their
 * college and a link to their profile; 'Remove' asks first. 'Close', Escape and Back close it.
 */
export function RequestsDialog({ post, onClose }: { post: RecruitmentPost; onClose: () => void }) {
  const requests = useTeamRequests(post.id);
  return (
    <Dialog
      title={TEAM_MESSAGES.requests(post.pendingCount)}
      description={TEAM_MESSAGES.spotsFilled(post.acceptedCount, post.maxStudents)}
      onClose={onClose}
    >
      {requests.isPending ? (
        <p role="status">Loading requests...</p>
      ) : requests.isError ? (
        <Alert tone="error" variant="inline">
          {requestFailure(requests.error)}
        </Alert>
      ) : requests.data.requests.length === 0 ? (
        <p className="text-slate-700">No requests yet.</p>
      ) : (
        <ul>
          {requests.data.requests.map((request) => (
            <RequestRow key={request.id} request={request} team={post.purpose} />
          ))}
        </ul>
      )}
      <button type="button" onClick={onClose} className={`${secondaryButton} mt-4 w-full`}>
        {TEAM_MESSAGES.close}
      </button>
    </Dialog>
  );
}
