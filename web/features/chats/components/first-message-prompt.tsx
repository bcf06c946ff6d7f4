import type { PushPromptIntent } from "@shared/push-constants";
import { type ReactNode, useCallback, useEffect, useState } from "react";
import { LazyPushPromptCard } from "../../../components/push-prompt/lazy-push-prompt-card";

/**
 * The card offering pushes after the student's first message in a chat ('Get notified when
 * {name} replies'): `noteSend` is called with each send; the first one in a chat where they had
 * not written yet brings the card, which the thread shows above the composer.
 */
export function useFirstMessagePrompt(
  chatId: string,
  hasWritten: boolean,
  counterpartName: string | undefined,
): { noteSend: () => void; card: ReactNode } {
  const [intent, setIntent] = useState<PushPromptIntent | null>(null);
  // Another chat: its own first message decides.
  // biome-ignore lint/correctness/useExhaustiveDependencies: chatId is the trigger
  useEffect(() => setIntent(null), [chatId]);
  const close = useCallback(() => setIntent(null), []);
  const noteSend = () => {
    if (!hasWritten && counterpartName) setIntent({ kind: "reply", name: counterpartName });
  };
  return {
    noteSend,
    card: intent ? <LazyPushPromptCard intent={intent} onClose={close} className="mx-3 my-2" /> : null,
  };
}
