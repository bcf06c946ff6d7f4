import { lazy, Suspense } from "react";
import { InlineLoading } from "../../../components/ui/page-loading";

const FollowersDialog = lazy(() =>
  import("./followers-dialog").then((module) => ({ default: module.FollowersDialog })),
);

/** The followers dialog, loaded when it is opened rather than with the profile. */
export function LazyFollowersDialog(props: { userId: string; onClose: () => void }) {
  return (
    <Suspense fallback={<InlineLoading />}>
      <FollowersDialog {...props} />
    </Suspense>
  );
}
