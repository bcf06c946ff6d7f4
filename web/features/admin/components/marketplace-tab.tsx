import { ADMIN_MESSAGES } from "@shared/admin-constants";
import type { Item } from "@shared/api/items";
import { thumbnailUrl } from "@shared/images";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useConfirm } from "../../../components/ui/confirm-dialog";
import { formatDate, formatRupees } from "../../../lib/format";
import { ADMIN_FAILURES } from "../admin-texts";
import { useDeleteItem } from "../api/delete-item";
import { ADMIN_ITEMS_PAGE_SIZE, adminItemsQueryOptions } from "../api/get-items";
import { useStepBackFromEmptyPage } from "../hooks/use-step-back-from-empty-page";
import { useAdminNotice } from "./admin-notice";
import { Pager } from "./pager";
import { dangerButton, EmptyState, LoadError, LoadingState, PanelSection } from "./panel-states";

function Thumbnail({ url }: { url: string }) {
  const [hasFailed, setHasFailed] = useState(false);
  return (
    <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:size-24">
      {url && !hasFailed ? (
        // Decorative: the post's name is right beside it.
        <img
          src={thumbnailUrl(url)}
          alt=""
          loading="lazy"
          decoding="async"
          onError={() => setHasFailed(true)}
          className="size-full object-cover"
        />
      ) : (
        <span className="flex size-full items-center justify-center p-1 text-center text-xs text-slate-600">
          No image
        </span>
      )}
    </div>
  );
}

function PostCard({ item, onDelete, isDeleting }: { item: Item; onDelete: () => void; isDeleting: boolean }) {
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:gap-4 sm:p-4">
      <Thumbnail url={item.productImage} />
      <div className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <h3 className="break-words font-semibold text-slate-900">{item.productName}</h3>
          <p className="text-base font-bold text-indigo-700">{formatRupees(item.price)}</p>
          <p className="break-words text-sm text-slate-700">
            <span className="sr-only">Seller: </span>
            {item.sellerName} · {item.sellerCollege}
          </p>
          <p className="text-xs text-slate-600">
            Posted <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
          </p>
        </div>
        <button
          type="button"
          onClick={onDelete}
          disabled={isDeleting}
          className={`${dangerButton} self-start`}
        >
          Delete<span className="sr-only"> post {item.productName}</span>
        </button>
      </div>
    </li>
  );
}

/** Marketplace: every active post, newest first, with delete (the seller is notified). */
export function MarketplaceTab() {
  const [page, setPage] = useState(1);
  const items = useQuery(adminItemsQueryOptions(page));
  const notify = useAdminNotice();
  const { confirm, confirmDialog } = useConfirm();
  const remove = useDeleteItem({
    onSuccess: () => notify("success", ADMIN_MESSAGES.postDeleted),
    onError: (error) => notify("error", ADMIN_FAILURES.deletePost(error.message)),
  });
  const total = items.data?.total ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / ADMIN_ITEMS_PAGE_SIZE));

  useStepBackFromEmptyPage(
    items.data !== undefined && !items.isPlaceholderData && items.data.items.length === 0,
    page,
    setPage,
  );

  async function handleDelete(item: Item) {
    const isConfirmed = await confirm({
      message: ADMIN_MESSAGES.confirmDeletePost,
      confirmLabel: "Delete",
      destructive: true,
    });
    if (isConfirmed) remove.mutate(item.id);
  }

  return (
    <PanelSection
      title={`All Active Posts${items.data ? ` (${total})` : ""}`}
      titleId="admin-marketplace-heading"
    >
      {items.isPending ? (
        <LoadingState>Loading posts...</LoadingState>
      ) : items.isError ? (
        <LoadError onRetry={() => void items.refetch()}>Could not load the marketplace posts.</LoadError>
      ) : items.data.items.length === 0 ? (
        <EmptyState>No active posts in the marketplace.</EmptyState>
      ) : (
        <>
          <ul className={`grid gap-3 lg:grid-cols-2 ${items.isPlaceholderData ? "opacity-60" : ""}`}>
            {items.data.items.map((item) => (
              <PostCard
                key={item.id}
                item={item}
                onDelete={() => void handleDelete(item)}
                isDeleting={remove.isPending && remove.variables === item.id}
              />
            ))}
          </ul>
          {total > ADMIN_ITEMS_PAGE_SIZE ? (
            <Pager label="Marketplace pages" page={page} totalPages={totalPages} onPageChange={setPage} />
          ) : null}
        </>
      )}
      {confirmDialog}
    </PanelSection>
  );
}
