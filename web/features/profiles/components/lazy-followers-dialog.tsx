import { Suspense } from "react";
import { InlineLoading } from "../../../components/ui/page-loading";
import { lazyWhenOnline } from "../../../lib/import-when-online";

const FollowersDialog = lazyWhenOnline(() =>
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
