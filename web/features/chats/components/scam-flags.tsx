import type { ChatSummary, Message } from "@shared/api/chats";
import { CHAT_SAFETY_TEXTS } from "@shared/chats-constants";
import {
  FLAGGED_CHIP,
  repeatedFlagBanner,
  SCAM_KIND_WARNINGS,
  type ScamKind,
  SENDER_FLAG_NOTICE,
} from "@shared/scam-kinds";
import { BLOCK_LABEL } from "@shared/trust-constants";
import Flag from "lucide-react/icons/flag";
import Info from "lucide-react/icons/info";
import ShieldAlert from "lucide-react/icons/shield-alert";
import { useCallback, useId, useRef, useState } from "react";
import { useBlockUser } from "../../../components/trust/block-user";
import { useDismiss } from "../../../components/ui/use-dismiss";

/*
 * The scam guard's words in a chat (issue 38): the server says each flagged message's kind, whether
 * it is the first of its kind from its sender in the chat, and how many flagged messages they sent
 * up to it (Message.scamFlag, on the recipient's copy only); the sender's own first flagged message
 * carries flagNotice. The words are the kind's: a card under the first, a 'Flagged' chip after.
 */

const reportButton =
  "-ml-2 mt-1 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-red-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800";

/** Under a message the scam guard flagged, for its recipient: the kind's card, or a chip after the first. */
export function ScamFlagNote({ message, onReport }: { message: Message; onReport?: () => void }) {
  const flag = message.scamFlag;
  if (!flag) return null;
  return flag.isFirstOfKind ? (
    <ScamWarningCard kind={flag.kind} onReport={onReport} />
  ) : (
    <FlaggedChip kind={flag.kind} />
  );
}

/** The words of one kind of scam, once per chat, with a way to report the message. */
function ScamWarningCard({ kind, onReport }: { kind: ScamKind; onReport?: () => void }) {
  return (
    <div
      role="note"
      aria-label="Scam warning"
      className="mt-1 mb-1 flex max-w-[85%] basis-full items-start gap-2 rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 sm:max-w-[70%]"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-700" />
      <div className="min-w-0 flex-1">
        <p>{SCAM_KIND_WARNINGS[kind]}</p>
        {onReport ? (
          <button type="button" onClick={onReport} aria-haspopup="dialog" className={reportButton}>
            <Flag aria-hidden="true" className="size-4" />
            {CHAT_SAFETY_TEXTS.report}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** A later message of a kind already explained: a small chip whose popover holds the same words. */
function FlaggedChip({ kind }: { kind: ScamKind }) {
  const [isOpen, setIsOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const close = useCallback(() => setIsOpen(false), []);
  useDismiss(isOpen, boxRef, close, buttonRef);
  return (
    <div ref={boxRef} className="relative mt-0.5 basis-full">
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setIsOpen((open) => !open)}
        className="inline-flex min-h-8 items-center gap-1 rounded-full border border-amber-300 bg-amber-50 px-2.5 text-xs font-semibold text-amber-900 hover:bg-amber-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-amber-800"
      >
        <ShieldAlert aria-hidden="true" className="size-3.5" />
        {FLAGGED_CHIP}
      </button>
      <div
        id={panelId}
        role="note"
        aria-label="Scam warning"
        hidden={!isOpen}
        className="absolute left-0 z-20 mt-1 w-64 max-w-[85vw] rounded-xl border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-950 shadow-lg"
      >
        {SCAM_KIND_WARNINGS[kind]}
      </div>
    </div>
  );
}

/** Under the sender's own first flagged message in a chat: told once that such messages are flagged. */
export function SenderFlagNotice({ message }: { message: Message }) {
  if (!message.flagNotice) return null;
  return (
    <p
      role="note"
      className="mt-1 flex max-w-[85%] basis-full items-start justify-end gap-1.5 text-right text-xs text-slate-700 sm:max-w-[70%]"
    >
      <Info aria-hidden="true" className="mt-0.5 size-3.5 shrink-0" />
      {SENDER_FLAG_NOTICE}
    </p>
  );
}

/** The other member's latest flagged message once they have sent two or more; else undefined. */
export function repeatedFlagOf(messages: readonly Message[], myId: string): Message | undefined {
  const flagged = messages.filter((message) => message.senderId !== myId && message.scamFlag);
  const latest = flagged.at(-1);
  return latest && (latest.scamFlag?.count ?? 0) >= 2 ? latest : undefined;
}

/**
 * Over the chat once the other member has sent two flagged messages: what that pattern means, with
 * 'Report' (the latest flagged message, the report dialog of the thread) and 'Block'.
 */
export function RepeatedFlagBanner({
  chat,
  messages,
  myId,
  onReport,
}: {
  chat: ChatSummary;
  messages: readonly Message[];
  myId: string;
  onReport: (messageId: string) => void;
}) {
  const { block, confirmDialog } = useBlockUser();
  const latest = repeatedFlagOf(messages, myId);
  if (!latest || chat.isCounterpartBlocked) return null;
  const person = { id: chat.counterpart.id, name: chat.counterpart.name };
  return (
    <section
      aria-label="Scam alert"
      className="flex shrink-0 flex-col gap-1 border-b border-red-200 bg-red-50 px-3 py-2 text-sm text-red-950"
    >
      <p className="flex items-start gap-2">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-700" />
        <span>{repeatedFlagBanner(chat.counterpart.name)}</span>
      </p>
      <div className="flex gap-2 pl-7">
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => onReport(latest.id)}
          className="min-h-11 rounded-lg border border-red-300 bg-white px-3 font-semibold text-red-800 hover:bg-red-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
        >
          {CHAT_SAFETY_TEXTS.report}
        </button>
        <button
          type="button"
          aria-haspopup="dialog"
          onClick={() => void block(person)}
          className="min-h-11 rounded-lg bg-red-700 px-3 font-semibold text-white hover:bg-red-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-800"
        >
          {BLOCK_LABEL}
        </button>
      </div>
      {confirmDialog}
    </section>
  );
}
