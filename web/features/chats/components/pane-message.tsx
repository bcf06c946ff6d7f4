import ArrowLeft from "lucide-react/icons/arrow-left";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { ghostButton } from "../../../components/ui/button-styles";
import { InlineLoading } from "../../../components/ui/page-loading";

/** Phone-sized screens show the list and the thread as two views; this leads back to the list. */
export function BackToConversations() {
  return (
    <Link to="/messages" className={`${ghostButton} min-w-11 shrink-0 px-2 md:hidden`}>
      <ArrowLeft aria-hidden="true" className="size-5" />
      <span className="sr-only sm:not-sr-only">Back to conversations</span>
    </Link>
  );
}

/** A centred note in the thread pane, with the back control for phones. */
export function PaneMessage({ children }: { children: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col p-4">
      <BackToConversations />
      <div className="flex flex-1 flex-col items-center justify-center text-center text-sm text-slate-600">
        {children}
      </div>
    </div>
  );
}

/** While a thread loads, its code (in Messages) or its messages (in the thread). */
export function ThreadLoading() {
  return (
    <PaneMessage>
      <InlineLoading label="Loading messages..." />
    </PaneMessage>
  );
}
