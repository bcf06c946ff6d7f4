import { SELL_MESSAGES } from "@shared/validation/sell";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { BackButton } from "../../../components/ui/back-button";
import { secondaryButton } from "../../../components/ui/button-styles";
import { PageLoading } from "../../../components/ui/page-loading";
import { ApiError } from "../../../lib/api";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { itemDetailQueryOptions } from "../api/get-item";
import { ItemNotFound } from "./item-not-found";
import { SellForm } from "./sell-form";

/** /sell posts a new item; /sell?edit={id} edits one of the student's own items. */
export function SellPage() {
  const [params] = useSearchParams();
  const editId = params.get("edit");
  useDocumentTitle(editId ? "Edit Item" : "Sell Your Item");
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackButton />
      <header className="mt-2 mb-5">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">
          {editId ? "Edit Your Item" : "Sell Your Item"}
        </h1>
        <p className="mt-1 text-slate-600">
          {editId
            ? "Update the details buyers see."
            : "List something you no longer need for students on your campus and beyond."}
        </p>
      </header>
      {/* A key per item, so switching between new and edit starts the form afresh. */}
      {editId ? <EditItem key={editId} itemId={editId} /> : <SellForm key="new" item={null} />}
    </div>
  );
}

function EditItem({ itemId }: { itemId: string }) {
  const detail = useQuery(itemDetailQueryOptions(itemId));

  if (detail.isPending) return <PageLoading label="Loading your item..." />;
  if (detail.isError) {
    if (detail.error instanceof ApiError && detail.error.status === 404) return <ItemNotFound />;
    return (
      <Alert tone="error" className="flex flex-wrap items-center justify-between gap-3">
        <span>Could not load this item. Please check your connection and try again.</span>
        <button type="button" onClick={() => detail.refetch()} className={secondaryButton}>
          Try again
        </button>
      </Alert>
    );
  }
  // The server refuses the save anyway (403); this saves the student filling in a form in vain.
  if (!detail.data.item.abilities.canEdit) return <Alert tone="error">{SELL_MESSAGES.notYourItem}</Alert>;
  return <SellForm item={detail.data.item} />;
}
