import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { BackButton } from "../../../components/ui/back-button";
import { secondaryButton } from "../../../components/ui/button-styles";
import { OfflineSnapshotNote } from "../../../components/ui/offline-state";
import { PageLoading } from "../../../components/ui/page-loading";
import { ApiError } from "../../../lib/api";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { itemDetailQueryOptions } from "../api/get-item";
import { ItemDetailView } from "./item-detail-view";
import { ItemNotFound } from "./item-not-found";

export function ItemDetailPage() {
  const { itemId = "" } = useParams();
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <BackButton />
      {/* A key per item, so moving from one item to another starts with fresh local state. */}
      <ItemDetail key={itemId} itemId={itemId} />
    </div>
  );
}

function ItemDetail({ itemId }: { itemId: string }) {
  const detail = useQuery(itemDetailQueryOptions(itemId));
  // A malformed id (a mistyped or cut link) is refused as invalid: to the student it is not found.
  const isNotFound =
    detail.error instanceof ApiError && (detail.error.status === 404 || detail.error.status === 400);
  useDocumentTitle(
    detail.data && !detail.isError
      ? detail.data.item.productName
      : isNotFound
        ? "Item not found"
        : "Item Details",
  );

  if (detail.isPending) return <PageLoading label="Loading item..." />;
  if (isNotFound) return <ItemNotFound headingLevel="h1" />;
  if (detail.isError) {
    return (
      <Alert tone="error" className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <span>Could not load this item. Please check your connection and try again.</span>
        <button type="button" onClick={() => detail.refetch()} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  }
  return (
    <>
      <OfflineSnapshotNote updatedAt={detail.dataUpdatedAt} className="mt-4" />
      <ItemDetailView detail={detail.data} />
    </>
  );
}
