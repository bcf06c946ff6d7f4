import { formatRupees, formatTimeWithDay } from "../../../lib/format";
import type { ThreadEntry } from "../thread-messages";

interface MessageBubbleProps {
  entry: ThreadEntry;
  isMine: boolean;
  senderName: string;
  onRetry: (clientId: string) => void;
}

/** One message: mine on the right, theirs on the left; an offer stands out with its amount. */
export function MessageBubble({ entry, isMine, senderName, onRetry }: MessageBubbleProps) {
  const { message, status } = entry;
  const isOffer = message.type === "offer" && message.offerPrice !== null;
  const tone = isOffer
    ? "border-2 border-amber-400 bg-amber-50 text-amber-950"
    : isMine
      ? "bg-indigo-700 text-white"
      : "border border-slate-200 bg-white text-slate-900";
  const metaTone = isOffer ? "text-amber-800" : isMine ? "text-indigo-100" : "text-slate-600";

  return (
    <li className={`flex ${isMine ? "justify-end" : "justify-start"}`}>
      <div
        className={`max-w-[85%] rounded-2xl px-3.5 py-2 shadow-sm sm:max-w-[70%] ${tone} ${
          isMine ? "rounded-br-sm" : "rounded-bl-sm"
        } ${status === "pending" ? "opacity-75" : ""}`}
      >
        {/* Who said it, for screen readers; sighted readers see it from the side. */}
        <span className="sr-only">{isMine ? "You" : senderName}: </span>
        {isOffer ? (
          <p className="text-base font-bold">Offer: {formatRupees(message.offerPrice ?? 0)}</p>
        ) : message.type === "recruitment_inquiry" ? (
          <>
            <p className={`text-xs font-semibold tracking-wide uppercase ${metaTone}`}>Recruitment inquiry</p>
            <p className="break-words whitespace-pre-wrap">{message.text}</p>
          </>
        ) : (
          <p className="break-words whitespace-pre-wrap">{message.text}</p>
        )}
        <p className={`mt-0.5 flex items-center justify-end gap-2 text-xs ${metaTone}`}>
          {status === "sent" ? (
            <time dateTime={message.createdAt}>{formatTimeWithDay(message.createdAt)}</time>
          ) : status === "pending" ? (
            <span>Sending…</span>
          ) : (
            <>
              <span className={isOffer ? "font-semibold text-red-700" : "font-semibold"}>Not sent</span>
              <button
                type="button"
                onClick={() => onRetry(message.clientId)}
                className="min-h-8 rounded-md bg-white px-2 font-semibold text-red-700 underline-offset-2 hover:underline"
              >
                Retry
              </button>
            </>
          )}
        </p>
      </div>
    </li>
  );
}
