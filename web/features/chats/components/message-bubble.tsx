import { CHAT_SAFETY_TEXTS } from "@shared/chats-constants";
import { variantUrl } from "@shared/images";
import { REPORT_ACTION } from "@shared/report-action";
import { SHOW_ANYWAY } from "@shared/scam-kinds";
import { SHARED_NUMBER_LABEL } from "@shared/trust-constants";
import Clock from "lucide-react/icons/clock-3";
import Ellipsis from "lucide-react/icons/ellipsis";
import ImageIcon from "lucide-react/icons/image";
import ShieldAlert from "lucide-react/icons/shield-alert";
import { useState } from "react";
import { Menu } from "../../../components/ui/menu";
import { formatRupees, formatTimeWithDay } from "../../../lib/format";
import { isEmojiOnly } from "../emoji-only";
import { MessageText } from "../message-text";
import type { ReadState, ThreadEntry } from "../thread-messages";
import { MeetupCard } from "./meetup-card";
import { MessageTicks } from "./message-ticks";
import { OfferActions } from "./offer-actions";
import { ScamFlagNote, SenderFlagNotice } from "./scam-flags";

interface MessageBubbleProps {
  entry: ThreadEntry;
  isMine: boolean;
  senderName: string;
  /** Mine and stored: sent, delivered to the other member's device, or seen by them. */
  readState: ReadState;
  isGroupStart: boolean;
  isGroupEnd: boolean;
  onRetry: (clientId: string) => void;
  onOpenPhoto: (photo: { url: string; width: number; height: number }) => void;
  /**
   * Given for the other member's stored messages: the message's menu offers 'Report', as does the
   * warning under a message the scam guard flagged.
   */
  onReport?: (messageId: string) => void;
  /** Whether the viewer is the item's seller (answers offers, counters). */
  isSeller?: boolean;
  /** Why no offer in this chat can be answered now (the item was sold or reserved for another buyer). */
  offersClosedBy?: string | null;
}

/**
 * One message: mine on the right, theirs on the left; an offer stands out with its amount, a photo
 * shows as a thumbnail that opens full size. A run from one person sits close together, with the
 * bubble's tail on its last message only.
 */
export function MessageBubble(props: MessageBubbleProps) {
  const {
    entry,
    isMine,
    senderName,
    isGroupStart,
    isGroupEnd,
    onReport,
    isSeller = false,
    offersClosedBy = null,
  } = props;
  const { message, status } = entry;
  if (message.type === "system") {
    // A line about the deal ('This item is now reserved.'), no one's words.
    return (
      <li className="my-3 flex justify-center">
        <span className="rounded-full bg-amber-100 px-3 py-1 text-center text-sm font-semibold text-amber-900">
          {message.text}
        </span>
      </li>
    );
  }
  if (message.type === "meetup" && status === "sent") {
    return <MeetupCard message={message} isMine={isMine} senderName={senderName} />;
  }
  const isOffer = message.type === "offer" && message.offerPrice !== null;
  const isPhoto = message.type === "photo";
  const tone = isOffer
    ? "border-2 border-amber-400 bg-amber-50 text-amber-950"
    : isMine
      ? "bg-indigo-700 text-white"
      : "border border-slate-200 bg-white text-slate-900";
  const metaTone = isOffer ? "text-amber-800" : isMine ? "text-indigo-100" : "text-slate-600";
  const linkTone = isMine && !isOffer ? "text-white underline" : "text-indigo-700 underline";
  const tail = isGroupEnd ? (isMine ? "rounded-br-sm" : "rounded-bl-sm") : "";

  return (
    <li
      data-group-start={isGroupStart ? "" : undefined}
      className={`relative flex flex-wrap items-center gap-1 ${isMine ? "justify-end" : "justify-start"} ${isGroupStart ? "mt-3 first:mt-0" : "mt-0.5"}`}
    >
      <div
        className={`max-w-[85%] rounded-2xl shadow-sm sm:max-w-[70%] ${isPhoto ? "p-1" : "px-3.5 py-2"} ${tone} ${tail} ${
          status === "pending" ? "opacity-75" : ""
        }`}
      >
        {/* Who said it, for screen readers; sighted readers see it from the side. */}
        <span className="sr-only">{isMine ? "You" : senderName}: </span>
        {isOffer ? (
          <>
            <p className="text-base font-bold">Offer: {formatRupees(message.offerPrice ?? 0)}</p>
            {status === "sent" ? (
              <OfferActions
                message={message}
                chatId={message.chatId}
                isMine={isMine}
                isSeller={isSeller}
                closedBy={offersClosedBy}
              />
            ) : null}
          </>
        ) : isPhoto ? (
          <PhotoContent {...props} />
        ) : message.type === "number" ? (
          <>
            <p className={`text-xs font-semibold tracking-wide uppercase ${metaTone}`}>
              {SHARED_NUMBER_LABEL}
            </p>
            {message.text ? (
              <a href={`tel:${message.text}`} className={`text-base font-bold ${linkTone}`}>
                {message.text}
              </a>
            ) : null}
          </>
        ) : message.type === "recruitment_inquiry" ? (
          <>
            <p className={`text-xs font-semibold tracking-wide uppercase ${metaTone}`}>Recruitment inquiry</p>
            <p className="break-words whitespace-pre-wrap">
              <MessageText text={message.text} linkClassName={linkTone} />
            </p>
          </>
        ) : isEmojiOnly(message.text) ? (
          // A few emoji alone are drawn large, as in the chat apps students know.
          <p data-emoji-only="" className="text-4xl leading-tight">
            {message.text}
          </p>
        ) : (
          <p className="break-words whitespace-pre-wrap">
            <MessageText text={message.text} linkClassName={linkTone} />
          </p>
        )}
        <p
          className={`mt-0.5 flex items-center justify-end gap-1.5 text-xs ${metaTone} ${isPhoto ? "px-2 pb-1" : ""}`}
        >
          <MessageMeta {...props} isOffer={isOffer} />
        </p>
      </div>
      {onReport ? (
        <Menu
          label={`Message from ${senderName}, options`}
          trigger={<Ellipsis aria-hidden="true" className="size-4" />}
          triggerClassName="grid size-11 place-items-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-slate-800"
          menuClassName="absolute left-0 z-30 mt-1 w-44 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
          items={[{ label: REPORT_ACTION, onSelect: () => onReport(message.id) }]}
        />
      ) : null}
      {isMine ? (
        <SenderFlagNotice message={message} />
      ) : (
        <ScamFlagNote message={message} onReport={onReport ? () => onReport(message.id) : undefined} />
      )}
    </li>
  );
}

/** The label over a photo held back from its recipient, by what the scam guard made of it. */
const HELD_PHOTO_LABELS = {
  flagged: CHAT_SAFETY_TEXTS.photoFlagged,
  unchecked: CHAT_SAFETY_TEXTS.photoUnchecked,
} as const;

function PhotoContent({ entry, isMine, onOpenPhoto }: MessageBubbleProps) {
  const { photo, photoCheck } = entry.message;
  // A photo with a QR code, or one the guard could not check, stays blurred until its recipient
  // taps it: a payment QR is never scanned off the screen by accident.
  const [isRevealed, setIsRevealed] = useState(false);
  const heldAs = photoCheck && !isMine && !isRevealed ? photoCheck : null;
  if (!photo) {
    // Ours, on its way: the server serves the photo once the message exists.
    return (
      <span className="grid size-48 place-items-center rounded-xl bg-indigo-100 text-indigo-700">
        <ImageIcon aria-hidden="true" className="size-8" />
        <span className="sr-only">Photo</span>
      </span>
    );
  }
  // One button either way: while held, a tap shows the photo; then, as for any photo, it opens full size.
  return (
    <button
      type="button"
      onClick={() => (heldAs ? setIsRevealed(true) : onOpenPhoto(photo))}
      className="relative block overflow-hidden rounded-xl focus-visible:outline-2 focus-visible:outline-offset-2"
    >
      <img
        src={variantUrl(photo.url, "thumb")}
        alt={heldAs ? "" : "Photo, open full size"}
        width={192}
        height={192}
        loading="lazy"
        decoding="async"
        className={`size-48 bg-slate-200 object-cover ${heldAs ? "scale-110 blur-xl" : ""}`}
      />
      {heldAs ? (
        <span className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-slate-900/60 px-3 text-center text-sm font-semibold text-white">
          <ShieldAlert aria-hidden="true" className="size-6" />
          <span>{HELD_PHOTO_LABELS[heldAs]}</span>
          <span className="text-xs font-normal underline">
            {heldAs === "flagged" ? SHOW_ANYWAY : CHAT_SAFETY_TEXTS.showPhoto}
          </span>
        </span>
      ) : null}
    </button>
  );
}

function MessageMeta({
  entry,
  isMine,
  readState,
  isOffer,
  onRetry,
}: MessageBubbleProps & { isOffer: boolean }) {
  const { message, status } = entry;
  if (status === "pending") {
    return (
      <>
        <Clock aria-hidden="true" className="size-3.5" />
        <span>Sending…</span>
      </>
    );
  }
  if (status === "failed") {
    return (
      <>
        <span className={isOffer ? "font-semibold text-red-700" : "font-semibold"}>Not sent</span>
        <span aria-hidden="true">·</span>
        <button
          type="button"
          onClick={() => onRetry(message.clientId)}
          className="min-h-8 rounded-md bg-white px-2 font-semibold text-red-700 underline-offset-2 hover:underline"
        >
          Retry
        </button>
      </>
    );
  }
  return (
    <>
      <time dateTime={message.createdAt}>{formatTimeWithDay(message.createdAt)}</time>
      {isMine ? <MessageTicks state={readState} isOffer={isOffer} /> : null}
    </>
  );
}
