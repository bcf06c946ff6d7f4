import Check from "lucide-react/icons/check";
import CheckCheck from "lucide-react/icons/check-check";
import type { ReadState } from "../thread-messages";

const NAMES: Record<ReadState, string> = { sent: "Sent", delivered: "Delivered", seen: "Seen" };

/**
 * Seen ticks are coloured, as in WhatsApp, in a colour that keeps 3:1 against the bubble (WCAG
 * 1.4.11): cyan-300 on the indigo-700 bubble is 5.4:1, sky-700 on an offer's amber-50 is 5.7:1.
 * Sent and delivered take the bubble's own meta colour.
 */
const SEEN_TONE = { bubble: "text-cyan-300", offer: "text-sky-700" } as const;

/**
 * The read state of a message of mine: one tick sent, two ticks delivered to a device of the other
 * member, two coloured ticks seen. The icon is named for screen readers ('Sent', 'Delivered',
 * 'Seen') and titled for a pointer.
 */
export function MessageTicks({ state, isOffer }: { state: ReadState; isOffer: boolean }) {
  const name = NAMES[state];
  const Icon = state === "sent" ? Check : CheckCheck;
  const tone = state === "seen" ? SEEN_TONE[isOffer ? "offer" : "bubble"] : "";
  return (
    <span role="img" aria-label={name} title={name} data-read-state={state} className={`inline-flex ${tone}`}>
      <Icon aria-hidden="true" className="size-4" strokeWidth={state === "seen" ? 2.5 : 2} />
    </span>
  );
}
