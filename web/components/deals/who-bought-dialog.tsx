import { DEAL_MESSAGES } from "@shared/deals-constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { useState } from "react";
import { Alert } from "../ui/alert";
import { primaryButton, secondaryButton } from "../ui/button-styles";
import { Dialog } from "../ui/dialog";
import { useItemBuyers } from "./api/get-item-buyers";

const SOMEONE_ELSE = "";

/**
 * 'Mark as Sold' in one dialog: the spec's question ('Mark this item as sold? This will hide it from
 * marketplace.') and 'Who bought it?' together, with the people who wrote or made an offer about the
 * item (the reserved buyer first; the server names them) and 'Someone else'. The buyer and the
 * seller can then rate each other. A sale at a meeting goes through 'Confirm handover' instead.
 */
export function WhoBoughtDialog({
  itemId,
  onChoose,
  onClose,
}: {
  itemId: string;
  onChoose: (buyerId: string | null) => void;
  onClose: () => void;
}) {
  const { data, isPending, isError } = useItemBuyers(itemId);
  const [chosen, setChosen] = useState<string | null>(null);
  const buyers = data?.buyers ?? [];
  const selected = chosen ?? buyers[0]?.id ?? SOMEONE_ELSE;
  const options = [
    ...buyers.map((buyer) => ({ id: buyer.id, label: buyer.name })),
    { id: SOMEONE_ELSE, label: DEAL_MESSAGES.someoneElse },
  ];
  return (
    <Dialog title="Mark as Sold" description={SELL_MESSAGES.markSoldConfirm} onClose={onClose}>
      <form
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          onChoose(selected === SOMEONE_ELSE ? null : selected);
        }}
      >
        {isPending ? <p className="text-sm text-slate-600">Loading…</p> : null}
        {isError ? (
          <Alert tone="error" variant="inline" className="text-sm">
            Could not load who chatted with you; you can still choose 'Someone else'.
          </Alert>
        ) : null}
        <fieldset className="space-y-1">
          <legend className="mb-1 text-sm font-semibold text-slate-800">{DEAL_MESSAGES.whoBought}</legend>
          {options.map((option) => (
            <label
              key={option.id || "someone-else"}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg px-2 hover:bg-slate-50"
            >
              <input
                type="radio"
                name="buyer"
                value={option.id}
                checked={selected === option.id}
                onChange={() => setChosen(option.id)}
                className="size-5 accent-indigo-700"
              />
              <span className="text-base text-slate-900">{option.label}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" disabled={isPending} className={primaryButton}>
            Mark as Sold
          </button>
        </div>
      </form>
    </Dialog>
  );
}
