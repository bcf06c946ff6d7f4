import { type ComponentProps, Suspense } from "react";
import { lazyWhenOnline } from "../../lib/import-when-online";

const Card = lazyWhenOnline(() =>
  import("./push-prompt-card").then((module) => ({ default: module.PushPromptCard })),
);

/**
 * The card that offers pushes (push-prompt-card.tsx), loaded only when it is due: a page shows it
 * once, after a first message, an Interested or a join request, so it stays out of the page's code.
 */
export function LazyPushPromptCard(props: ComponentProps<typeof Card>) {
  return (
    <Suspense fallback={null}>
      <Card {...props} />
    </Suspense>
  );
}
