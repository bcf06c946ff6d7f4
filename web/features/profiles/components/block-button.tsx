import { BLOCK_LABEL, UNBLOCK_LABEL } from "@shared/trust-constants";
import Ban from "lucide-react/icons/ban";
import { useBlockUser } from "../../../components/trust/block-user";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton } from "../../../components/ui/button-styles";

/** Block (after the confirmation) or Unblock; a blocked person's listings are not shown. */
export function BlockButton({
  person,
  isBlocked,
}: {
  person: { id: string; name: string };
  isBlocked: boolean;
}) {
  const { block, unblock, isPending, error, confirmDialog } = useBlockUser();
  return (
    <>
      <button
        type="button"
        aria-busy={isPending || undefined}
        onClick={() => (isBlocked ? unblock(person) : void block(person))}
        className={secondaryButton}
      >
        <Ban aria-hidden="true" className="size-4" />
        {isBlocked ? UNBLOCK_LABEL : BLOCK_LABEL}
      </button>
      {error ? (
        <Alert tone="error" variant="inline" className="w-full text-sm">
          {error.message}
        </Alert>
      ) : null}
      {confirmDialog}
    </>
  );
}
