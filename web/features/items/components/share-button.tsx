import { itemShareTitle, SHARE_ON_WHATSAPP, whatsAppShareUrl } from "@shared/share-links";
import { SELL_MESSAGES } from "@shared/validation/sell";
import MessageCircleIcon from "lucide-react/icons/message-circle";
import Share2Icon from "lucide-react/icons/share-2";
import { useEffect, useRef, useState } from "react";
import { secondaryButton } from "../../../components/ui/button-styles";

const MESSAGE_MS = 3000;

/** Last resort for browsers without the async clipboard (or without permission to use it). */
function copyWithSelection(text: string): boolean {
  const field = document.createElement("textarea");
  field.value = text;
  field.setAttribute("readonly", "");
  field.style.position = "fixed";
  field.style.opacity = "0";
  document.body.append(field);
  field.select();
  try {
    return document.execCommand("copy");
  } catch {
    return false;
  } finally {
    field.remove();
  }
}

async function copyLink(url: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    return copyWithSelection(url);
  }
}

/**
 * The device's share sheet where there is one (phones), otherwise the link goes to the clipboard;
 * beside it 'Share on WhatsApp' (a wa.me link with the title and the item's address).
 */
export function ShareButton({ title, price }: { title: string; price: number }) {
  const [message, setMessage] = useState("");
  const timer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(timer.current), []);

  function show(text: string) {
    setMessage(text);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => setMessage(""), MESSAGE_MS);
  }

  async function handleShare() {
    const url = window.location.href;
    if (typeof navigator.share === "function") {
      try {
        await navigator.share({ title, url });
        return;
      } catch (error) {
        // Closing the share sheet is a choice, not a failure; anything else falls back to copying.
        if (error instanceof DOMException && error.name === "AbortError") return;
      }
    }
    show(
      (await copyLink(url))
        ? SELL_MESSAGES.linkCopied
        : "Could not copy the link. Please copy it from the address bar.",
    );
  }

  const pageUrl = `${window.location.origin}${window.location.pathname}`;
  return (
    <div className="relative flex flex-wrap gap-2">
      <button type="button" onClick={handleShare} className={secondaryButton}>
        <Share2Icon className="size-4" />
        Share
      </button>
      <a
        href={whatsAppShareUrl(itemShareTitle(title, price), pageUrl)}
        target="_blank"
        rel="noopener noreferrer"
        className={secondaryButton}
      >
        <MessageCircleIcon className="size-4" />
        {SHARE_ON_WHATSAPP}
      </a>
      {/* Always in the page, so screen readers announce the text when it appears. */}
      <p
        role="status"
        className="absolute top-full left-0 mt-1 w-max max-w-64 text-sm font-medium text-green-700"
      >
        {message}
      </p>
    </div>
  );
}
