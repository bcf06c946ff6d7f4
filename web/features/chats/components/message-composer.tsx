import { CHAT_MESSAGES, MESSAGE_MAX_LENGTH } from "@shared/chats-constants";
import { type FormEvent, useId, useState } from "react";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { inputClasses, labelClasses } from "../../../components/ui/text-field";
import type { MessageDraft } from "../hooks/use-send-message";
import { parseOfferPrice } from "../thread-messages";

interface MessageComposerProps {
  /** Recruitment chats have no price offers. */
  canOffer: boolean;
  onSend: (draft: MessageDraft) => void;
}

/** The offer row ('Offer price (₹)' + Send Offer) and the message row ('Type a message', Enter sends). */
export function MessageComposer({ canOffer, onSend }: MessageComposerProps) {
  const offerId = useId();
  const offerHintId = `${offerId}-hint`;
  const textId = useId();
  const [offer, setOffer] = useState("");
  const [isOfferInvalid, setIsOfferInvalid] = useState(false);
  const [text, setText] = useState("");

  function handleOffer(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const price = parseOfferPrice(offer);
    // The spec: anything but a whole number above 0 sends nothing.
    if (price === null) {
      setIsOfferInvalid(true);
      return;
    }
    onSend({ type: "offer", offerPrice: price });
    setOffer("");
    setIsOfferInvalid(false);
  }

  function handleText(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (text.trim() === "") return; // blank after trimming: ignored
    onSend({ type: "text", text });
    setText("");
  }

  return (
    <div className="space-y-2 border-t border-slate-200 bg-white p-3">
      {canOffer ? (
        <form noValidate onSubmit={handleOffer} className="flex items-end gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={offerId} className={labelClasses}>
              Offer price (₹)
            </label>
            <input
              id={offerId}
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              value={offer}
              onChange={(event) => {
                setOffer(event.target.value);
                setIsOfferInvalid(false);
              }}
              aria-invalid={isOfferInvalid || undefined}
              aria-describedby={isOfferInvalid ? offerHintId : undefined}
              className={inputClasses}
            />
          </div>
          <button type="submit" className={`${secondaryButton} shrink-0`}>
            Send Offer
          </button>
        </form>
      ) : null}
      {isOfferInvalid ? (
        <p id={offerHintId} role="alert" className="text-sm text-red-700">
          {CHAT_MESSAGES.badOffer}
        </p>
      ) : null}
      <form onSubmit={handleText} className="flex items-center gap-2">
        <label htmlFor={textId} className="sr-only">
          Type a message
        </label>
        <input
          id={textId}
          type="text"
          placeholder="Type a message"
          autoComplete="off"
          enterKeyHint="send"
          maxLength={MESSAGE_MAX_LENGTH}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`${inputClasses} min-w-0 flex-1`}
        />
        <button type="submit" className={`${primaryButton} shrink-0`}>
          Send
        </button>
      </form>
    </div>
  );
}
