import { PUSH_PROMPT_TEXTS, type PushPromptIntent, pushPromptTitle } from "@shared/push-constants";
import { useQueryClient } from "@tanstack/react-query";
import BellRing from "lucide-react/icons/bell-ring";
import { useEffect, useState } from "react";
import { ghostButton, primaryButton } from "../ui/button-styles";
import { canBrowserPush, turnPushOn } from "./api/push-device";
import { pushPromptQueryOptions, useAnswerPushPrompt } from "./api/push-prompt";

type CardState = "checking" | "offer" | "working" | "on" | "blocked" | "hidden";

/** True when this device already receives pushes: nothing to offer. */
async function isPushOnHere(): Promise<boolean> {
  if (Notification.permission !== "granted") return false;
  const registration = await navigator.serviceWorker.getRegistration();
  return Boolean(await registration?.pushManager.getSubscription());
}

/**
 * The one-time card that offers pushes at the moment of intent: after a first message in a chat
 * ('Get notified when Riya replies'), an Interested, or a request to join a team. 'Turn on' asks
 * the browser (only from this tap) and subscribes this device; 'Not now' waits a week, and after
 * three the card is not offered again. The server keeps the answers per student, so they hold on
 * every device. Nothing shows where the browser cannot take pushes, where they are blocked or on
 * already, or while the card is not due.
 */
export function PushPromptCard({
  intent,
  onClose,
  className = "",
}: {
  intent: PushPromptIntent;
  onClose: () => void;
  /** Its margins where it sits. */
  className?: string;
}) {
  const queryClient = useQueryClient();
  const answer = useAnswerPushPrompt();
  const [state, setState] = useState<CardState>("checking");

  useEffect(() => {
    let isCurrent = true;
    const decide = async (): Promise<CardState> => {
      if (!canBrowserPush() || Notification.permission === "denied") return "hidden";
      if (await isPushOnHere()) return "hidden";
      const { isDue } = await queryClient.fetchQuery(pushPromptQueryOptions);
      return isDue ? "offer" : "hidden";
    };
    decide().then(
      (next) => isCurrent && setState(next),
      () => isCurrent && setState("hidden"),
    );
    return () => {
      isCurrent = false;
    };
  }, [queryClient]);

  useEffect(() => {
    if (state === "hidden") onClose();
  }, [state, onClose]);

  const turnOn = async () => {
    setState("working");
    try {
      const next = await turnPushOn();
      if (next === "on") {
        answer.mutate({ answer: "turned_on" });
        setState("on");
      } else if (next === "blocked") {
        setState("blocked");
      } else {
        // The browser's own question was dismissed: as good as 'Not now'.
        answer.mutate({ answer: "not_now" });
        setState("hidden");
      }
    } catch (failure) {
      console.warn("Push notifications could not be turned on", failure);
      setState("offer");
    }
  };

  const notNow = () => {
    answer.mutate({ answer: "not_now" });
    setState("hidden");
  };

  if (state === "checking" || state === "hidden") return null;
  if (state === "on" || state === "blocked") {
    return (
      <div
        role="status"
        className={`${className} flex items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm text-slate-800 shadow-sm`}
      >
        <p className="flex-1">{state === "on" ? PUSH_PROMPT_TEXTS.turnedOn : PUSH_PROMPT_TEXTS.blocked}</p>
        <button type="button" onClick={() => setState("hidden")} className={`${ghostButton} -my-2 -mr-2`}>
          OK
        </button>
      </div>
    );
  }
  const title = pushPromptTitle(intent);
  return (
    <section
      aria-label={title}
      className={`${className} flex flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-indigo-200 bg-indigo-50 p-3 shadow-sm`}
    >
      <BellRing aria-hidden="true" className="size-5 shrink-0 text-indigo-700" />
      <p className="min-w-0 flex-1 text-sm font-semibold text-slate-900">{title}</p>
      <div className="ml-auto flex gap-2">
        <button type="button" onClick={notNow} disabled={state === "working"} className={ghostButton}>
          {PUSH_PROMPT_TEXTS.notNow}
        </button>
        <button
          type="button"
          onClick={() => void turnOn()}
          disabled={state === "working"}
          className={primaryButton}
        >
          {PUSH_PROMPT_TEXTS.turnOn}
        </button>
      </div>
    </section>
  );
}
