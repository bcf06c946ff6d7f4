import { type ComponentProps, Suspense } from "react";
import { lazyWhenOnline } from "../../lib/import-when-online";

const OwnItemActions = lazyWhenOnline(() =>
  import("./own-item-actions").then((module) => ({ default: module.OwnItemActions })),
);

/**
 * The seller's Edit, Mark as Sold and Delete, loaded on demand: only the seller's own items show
 * them, so other students' pages (and the first paint) do without their code and dialogs. The
 * placeholder keeps their row's height while they load.
 */
export function LazyOwnItemActions(props: ComponentProps<typeof OwnItemActions>) {
  return (
    <Suspense fallback={<div className="min-h-11 w-full" />}>
      <OwnItemActions {...props} />
    </Suspense>
  );
}
