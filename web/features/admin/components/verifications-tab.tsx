import type { IdReview } from "@shared/api/verification";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { TextField } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import { formatTimeAgo } from "../../../lib/format";
import { idReviewsQueryOptions, useDecideIdReview } from "../api/id-reviews";
import { useAdminNotice } from "./admin-notice";
import { dangerButton, EmptyState, FormError, LoadError, LoadingState, PanelSection } from "./panel-states";

const loadRejectSchema = () => import("../form-schemas").then((schemas) => schemas.RejectIdFormSchema);

/** One student ID: the photo, who sent it, and the two decisions. Cards, so a phone shows it all. */
function ReviewCard({ review }: { review: IdReview }) {
  const notify = useAdminNotice();
  const [isRejecting, setIsRejecting] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const decide = useDecideIdReview({
    onSuccess: (_, { decision }) =>
      notify(
        "success",
        decision === "approve"
          ? `${review.name} is now a verified student of ${review.college}.`
          : `${review.name}'s student ID was rejected.`,
      ),
    onError: (error) => setProblem(error.message),
  });
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadRejectSchema, {
    defaultValues: { reason: "" },
  });
  const titleId = `id-review-${review.id}`;
  return (
    <article aria-labelledby={titleId} className="rounded-lg border border-slate-200 p-4">
      <div className="flex flex-col gap-4 sm:flex-row">
        <a href={review.photoUrl} target="_blank" rel="noreferrer" className="shrink-0 sm:w-64">
          <img
            src={review.photoUrl}
            alt={`Student ID card of ${review.name}`}
            className="max-h-64 w-full rounded-lg bg-slate-100 object-contain"
          />
        </a>
        <div className="min-w-0 flex-1 space-y-1 text-sm">
          <h3 id={titleId} className="text-base font-semibold break-words text-slate-900">
            {review.name}
          </h3>
          <p className="break-all text-slate-700">{review.email}</p>
          <p className="text-slate-800">
            <span className="font-medium">College:</span> {review.college}
          </p>
          <p className="text-slate-700">
            <span className="font-medium">Account created</span> {formatTimeAgo(review.accountCreatedAt)}
          </p>
          <p className="text-slate-700">
            <span className="font-medium">Sent</span> {formatTimeAgo(review.submittedAt)}
          </p>
          <FormError message={problem} />
          {isRejecting ? (
            <form
              onFocus={prepare}
              onSubmit={handleSubmit(({ reason }) =>
                decide.mutateAsync({ review, decision: "reject", reason }).then(() => undefined),
              )}
              noValidate
              className="mt-3 flex flex-col gap-3"
            >
              <FormError message={formError} />
              <TextField
                label="Reason sent to the student"
                autoComplete="off"
                error={fieldError("reason")}
                {...form.register("reason")}
              />
              <div className="flex flex-wrap gap-2">
                <button type="submit" disabled={decide.isPending} className={dangerButton}>
                  {decide.isPending ? "Rejecting..." : "Send rejection"}
                </button>
                <button type="button" onClick={() => setIsRejecting(false)} className={secondaryButton}>
                  Cancel
                </button>
              </div>
            </form>
          ) : (
            <div className="mt-3 flex flex-wrap gap-2">
              <button
                type="button"
                disabled={decide.isPending}
                onClick={() => decide.mutate({ review, decision: "approve" })}
                className={primaryButton}
              >
                Approve
                <span className="sr-only"> {review.name}</span>
              </button>
              <button type="button" onClick={() => setIsRejecting(true)} className={dangerButton}>
                Reject
                <span className="sr-only"> {review.name}</span>
              </button>
            </div>
          )}
        </div>
      </div>
    </article>
  );
}

/** Verifications: student IDs waiting for review, oldest first. */
export function VerificationsTab() {
  const reviews = useQuery(idReviewsQueryOptions);
  return (
    <PanelSection title="Student ID Verifications" titleId="admin-verifications-heading">
      {reviews.isPending ? (
        <LoadingState>Loading verifications...</LoadingState>
      ) : reviews.isError ? (
        <LoadError onRetry={() => void reviews.refetch()}>Could not load the verifications.</LoadError>
      ) : reviews.data.verifications.length === 0 ? (
        <EmptyState>No student IDs are waiting for review.</EmptyState>
      ) : (
        <div className="space-y-4">
          {reviews.data.verifications.map((review) => (
            <ReviewCard key={review.id} review={review} />
          ))}
        </div>
      )}
    </PanelSection>
  );
}
