import type { Reputation } from "@shared/api/ratings";
import { ratingLabel, replyTimeLabel } from "@shared/deals-constants";
import { formatDate } from "../../lib/format";
import { ReportButton } from "../trust/report-button";
import { useReputation } from "./api/get-reputation";

/**
 * A student's reputation after real deals: '4.8 ★ · 12 ratings' from three ratings on (else 'New on
 * Campus Bazaar'), how soon they usually reply, 'Items sold: N', and the revealed 'Reviews'.
 * Loaded apart from the profile, below its first screen.
 */
export function ReputationSection({ userId }: { userId: string }) {
  const { data, isPending, isError } = useReputation(userId);
  return (
    <section
      aria-labelledby="reputation-heading"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id="reputation-heading" className="text-lg font-semibold text-slate-900">
        Reviews
      </h2>
      {isPending ? <p className="mt-2 text-sm text-slate-600">Loading reviews…</p> : null}
      {isError ? <p className="mt-2 text-sm text-red-700">Could not load the reviews.</p> : null}
      {data ? <ReputationDetails reputation={data.reputation} /> : null}
    </section>
  );
}

function ReputationDetails({ reputation }: { reputation: Reputation }) {
  // Slower than a day: no reply time is said at all.
  const replyTime = reputation.replyMinutes !== null ? replyTimeLabel(reputation.replyMinutes) : null;
  return (
    <>
      <p className="mt-2 text-base font-semibold text-amber-900" data-testid="rating-summary">
        {ratingLabel(reputation)}
      </p>
      <ul className="mt-1 space-y-0.5 text-sm text-slate-700">
        {replyTime ? <li>{replyTime}</li> : null}
        <li>Items sold: {reputation.itemsSold}</li>
      </ul>
      {reputation.reviews.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No reviews yet.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {reputation.reviews.map((review) => (
            <li key={review.id} className="py-3">
              <p className="flex flex-wrap items-baseline gap-x-2 text-sm">
                <span className="font-semibold text-slate-900">{review.raterName}</span>
                <span className="text-amber-600">
                  <span aria-hidden="true">
                    {"★".repeat(review.stars)}
                    <span className="text-slate-300">{"★".repeat(5 - review.stars)}</span>
                  </span>
                  <span className="sr-only">{review.stars} of 5 stars</span>
                </span>
                <time dateTime={review.createdAt} className="text-xs text-slate-500">
                  {formatDate(review.createdAt)}
                </time>
              </p>
              <p className="text-xs text-slate-600">{review.itemName}</p>
              {review.comment ? (
                <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-800">
                  {review.comment}
                </p>
              ) : null}
              {/* Anyone may report a review that breaks the rules; the server refuses one's own. */}
              <ReportButton target={{ type: "rating", id: review.id }} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
