import { MESSAGE_MAX_LENGTH } from "@shared/chats-constants";
import { SHARE_NUMBER, SHARE_NUMBER_CONFIRM, shareNumberConfirmText } from "@shared/trust-constants";
import ImagePlus from "lucide-react/icons/image-plus";
import IndianRupee from "lucide-react/icons/indian-rupee";
import Phone from "lucide-react/icons/phone";
import X from "lucide-react/icons/x";
import { type ChangeEvent, useEffect, useId, useRef, useState } from "react";
import { Alert } from "../../../components/ui/alert";
import { ghostButton, primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { Field, inputClasses } from "../../../components/ui/field";
import { ApiError } from "../../../lib/api";
import { useZodForm } from "../../../lib/form";
import type { MessageDraft } from "../api/send-message";
import { uploadChatPhoto } from "../api/upload-chat-photo";
import { PhotoPreview } from "./photo-preview";

const loadOfferFormSchema = () => import("../form-schemas").then((schemas) => schemas.OfferFormSchema);
const loadTextFormSchema = () => import("../form-schemas").then((schemas) => schemas.TextFormSchema);

/** A square 44 px control beside the message box. */
const toolButton = `${ghostButton} size-11 shrink-0 px-0 text-indigo-700`;

interface MessageComposerProps {
  /** Recruitment chats have no price offers. */
  canOffer: boolean;
  /** The other member, named in the 'Share my number' confirmation. */
  counterpartName: string;
  onSend: (draft: MessageDraft) => void;
}

/**
 * The bottom of the thread: 'Send Photo', 'Share my number' (after a confirmation), 'Make Offer'
 * (which opens the offer row, 'Offer price (₹)' + Send Offer) and the message box ('Type a message',
 * Enter sends).
 */
export function MessageComposer({ canOffer, counterpartName, onSend }: MessageComposerProps) {
  // The item page's 'Make Offer' opens the chat with the offer row ready (?offer=1).
  const [isOfferOpen, setIsOfferOpen] = useState(
    () => typeof window !== "undefined" && new URLSearchParams(window.location.search).get("offer") === "1",
  );
  const offerRowId = useId();
  const makeOfferRef = useRef<HTMLButtonElement>(null);
  const closeOffer = () => {
    setIsOfferOpen(false);
    makeOfferRef.current?.focus();
  };

  return (
    <div className="relative shrink-0 space-y-2 border-t border-slate-200 bg-white px-2 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]">
      {canOffer && isOfferOpen ? (
        <OfferForm
          id={offerRowId}
          onSend={(draft) => {
            onSend(draft);
            setIsOfferOpen(false);
          }}
          onClose={closeOffer}
        />
      ) : null}
      <div className="flex items-start gap-1">
        <PhotoButton onSend={onSend} />
        <ShareNumberButton counterpartName={counterpartName} onSend={onSend} />
        {canOffer ? (
          <button
            ref={makeOfferRef}
            type="button"
            aria-expanded={isOfferOpen}
            aria-controls={isOfferOpen ? offerRowId : undefined}
            onClick={() => setIsOfferOpen((open) => !open)}
            className={`${ghostButton} min-w-11 shrink-0 px-2.5 text-indigo-700 ${isOfferOpen ? "bg-indigo-50" : ""}`}
          >
            <IndianRupee aria-hidden="true" className="size-5" />
            <span className="sr-only sm:not-sr-only">Make Offer</span>
          </button>
        ) : null}
        <TextForm onSend={onSend} />
      </div>
    </div>
  );
}

function OfferForm({
  id,
  onSend,
  onClose,
}: {
  id: string;
  onSend: (draft: MessageDraft) => void;
  onClose: () => void;
}) {
  const { form, fieldError, handleSubmit, prepare } = useZodForm(loadOfferFormSchema, {
    defaultValues: { offerPrice: "" },
  });
  const { ref: registerRef, ...offerField } = form.register("offerPrice");
  const inputRef = useRef<HTMLInputElement | null>(null);
  useEffect(() => {
    prepare();
    inputRef.current?.focus();
  }, [prepare]);
  return (
    // The spec: anything but a whole number above 0 sends nothing.
    <form
      id={id}
      noValidate
      onSubmit={handleSubmit(({ offerPrice }) => {
        onSend({ type: "offer", offerPrice });
        form.reset();
      })}
      onKeyDown={(event) => {
        if (event.key === "Escape") onClose();
      }}
      className="flex items-start gap-2 rounded-xl bg-amber-50 p-2"
    >
      <Field label="Offer price (₹)" error={fieldError("offerPrice")} className="min-w-0 flex-1">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            enterKeyHint="send"
            className={inputClasses}
            {...offerField}
            ref={(element) => {
              registerRef(element);
              inputRef.current = element;
            }}
          />
        )}
      </Field>
      {/* Level with the box under its label. */}
      <button type="submit" className={`${secondaryButton} mt-6 shrink-0 px-3`}>
        Send Offer
      </button>
      <button type="button" onClick={onClose} className={`${ghostButton} mt-6 size-11 shrink-0 px-0`}>
        <X aria-hidden="true" className="size-5" />
        <span className="sr-only">Close offer</span>
      </button>
    </form>
  );
}

/**
 * 'Share my number': the owner's own choice, asked once more since a number cannot be taken back.
 * It goes to this chat only, as a card.
 */
function ShareNumberButton({
  counterpartName,
  onSend,
}: Pick<MessageComposerProps, "counterpartName" | "onSend">) {
  const { confirm, confirmDialog } = useConfirm();
  const handleClick = async () => {
    const isConfirmed = await confirm({
      title: SHARE_NUMBER,
      message: shareNumberConfirmText(counterpartName),
      confirmLabel: SHARE_NUMBER_CONFIRM,
    });
    if (isConfirmed) onSend({ type: "number" });
  };
  return (
    <>
      <button type="button" onClick={() => void handleClick()} className={toolButton}>
        <Phone aria-hidden="true" className="size-5" />
        <span className="sr-only">{SHARE_NUMBER}</span>
      </button>
      {confirmDialog}
    </>
  );
}

/** 'Send Photo': picks a photo, previews it, and on 'Send' uploads it with progress and sends it. */
function PhotoButton({ onSend }: Pick<MessageComposerProps, "onSend">) {
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  // The chosen photo, previewed with 'Send' and 'Cancel' before anything is uploaded.
  const [chosen, setChosen] = useState<File | null>(null);

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    setError(null);
    setChosen(file);
  };

  const cancel = () => {
    setChosen(null);
    buttonRef.current?.focus();
  };

  const send = async (file: File) => {
    setChosen(null);
    setProgress(0);
    try {
      const photoId = await uploadChatPhoto(file, setProgress);
      onSend({ type: "photo", photoId });
    } catch (failure) {
      console.warn("A photo could not be uploaded", failure);
      setError(
        failure instanceof ApiError ? failure.message : "The photo could not be sent. Please try again.",
      );
    } finally {
      setProgress(null);
    }
  };

  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        onClick={() => inputRef.current?.click()}
        disabled={progress !== null}
        className={toolButton}
      >
        <ImagePlus aria-hidden="true" className="size-5" />
        <span className="sr-only">Send Photo</span>
      </button>
      <input
        ref={inputRef}
        type="file"
        accept="image/*"
        tabIndex={-1}
        aria-hidden="true"
        className="hidden"
        onChange={handleChange}
      />
      {chosen ? <PhotoPreview file={chosen} onSend={() => void send(chosen)} onCancel={cancel} /> : null}
      {progress !== null || error ? (
        <div className="absolute inset-x-2 bottom-full mb-2">
          {progress !== null ? (
            <div
              role="status"
              className="rounded-lg border border-indigo-200 bg-white px-3 py-2 text-sm shadow-sm"
            >
              <p className="text-slate-800">Sending photo… {progress}%</p>
              <progress
                value={progress}
                max={100}
                aria-label="Photo upload"
                className="mt-1 h-1.5 w-full overflow-hidden rounded-full accent-indigo-700"
              />
            </div>
          ) : (
            <Alert tone="error" className="flex items-start justify-between gap-2 bg-white shadow-sm">
              <span>{error}</span>
              <button
                type="button"
                onClick={() => setError(null)}
                className="-my-2 -mr-3 grid size-11 shrink-0 place-items-center"
              >
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">Dismiss</span>
              </button>
            </Alert>
          )}
        </div>
      ) : null}
    </>
  );
}

function TextForm({ onSend }: Pick<MessageComposerProps, "onSend">) {
  const { form, fieldError, handleSubmit, prepare } = useZodForm(loadTextFormSchema, {
    defaultValues: { text: "" },
  });
  const error = fieldError("text");
  // Loaded with the thread rather than on first focus: a message written after the connection
  // dropped must still pass its check and wait in the outbox.
  useEffect(() => prepare(), [prepare]);
  return (
    <form
      noValidate
      className="min-w-0 flex-1"
      onSubmit={(event) => {
        // Blank after trimming: ignored without a word, as the spec has it.
        if (form.getValues("text").trim() === "") {
          event.preventDefault();
          return;
        }
        void handleSubmit(({ text }) => {
          onSend({ type: "text", text });
          form.reset();
        })(event);
      }}
    >
      <Field label="Type a message" error={error} className="[&>label]:sr-only">
        {(control) => (
          <div className="flex items-center gap-1.5">
            <input
              {...control}
              type="text"
              placeholder="Type a message"
              autoComplete="off"
              enterKeyHint="send"
              maxLength={MESSAGE_MAX_LENGTH}
              className={`${inputClasses} min-w-0 flex-1 rounded-full`}
              {...form.register("text")}
            />
            <button type="submit" className={`${primaryButton} shrink-0 rounded-full px-4`}>
              Send
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
