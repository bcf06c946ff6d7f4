import { MESSAGE_MAX_LENGTH } from "@shared/chats-constants";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { Field, inputClasses } from "../../../components/ui/field";
import { useZodForm } from "../../../lib/form";
import type { MessageDraft } from "../api/send-message";

const loadOfferFormSchema = () => import("../form-schemas").then((schemas) => schemas.OfferFormSchema);
const loadTextFormSchema = () => import("../form-schemas").then((schemas) => schemas.TextFormSchema);

interface MessageComposerProps {
  /** Recruitment chats have no price offers. */
  canOffer: boolean;
  onSend: (draft: MessageDraft) => void;
}

/** The offer row ('Offer price (₹)' + Send Offer) and the message row ('Type a message', Enter sends). */
export function MessageComposer({ canOffer, onSend }: MessageComposerProps) {
  return (
    <div className="space-y-2 border-t border-slate-200 bg-white p-3">
      {canOffer ? <OfferForm onSend={onSend} /> : null}
      <TextForm onSend={onSend} />
    </div>
  );
}

function OfferForm({ onSend }: Pick<MessageComposerProps, "onSend">) {
  const { form, fieldError, handleSubmit, prepare } = useZodForm(loadOfferFormSchema, {
    defaultValues: { offerPrice: "" },
  });
  return (
    // The spec: anything but a whole number above 0 sends nothing.
    <form
      noValidate
      onFocus={prepare}
      onSubmit={handleSubmit(({ offerPrice }) => {
        onSend({ type: "offer", offerPrice });
        form.reset();
      })}
      className="flex items-start gap-2"
    >
      <Field label="Offer price (₹)" error={fieldError("offerPrice")} className="min-w-0 flex-1">
        {(control) => (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            className={inputClasses}
            {...form.register("offerPrice")}
          />
        )}
      </Field>
      {/* Level with the box under its label. */}
      <button type="submit" className={`${secondaryButton} mt-6 shrink-0`}>
        Send Offer
      </button>
    </form>
  );
}

function TextForm({ onSend }: Pick<MessageComposerProps, "onSend">) {
  const { form, fieldError, handleSubmit, prepare } = useZodForm(loadTextFormSchema, {
    defaultValues: { text: "" },
  });
  const error = fieldError("text");
  return (
    <form
      noValidate
      onFocus={prepare}
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
          <div className="flex items-center gap-2">
            <input
              {...control}
              type="text"
              placeholder="Type a message"
              autoComplete="off"
              enterKeyHint="send"
              maxLength={MESSAGE_MAX_LENGTH}
              className={`${inputClasses} min-w-0 flex-1`}
              {...form.register("text")}
            />
            <button type="submit" className={`${primaryButton} shrink-0`}>
              Send
            </button>
          </div>
        )}
      </Field>
    </form>
  );
}
