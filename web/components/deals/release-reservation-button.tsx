import type { Item } from "@shared/api/items";
import { ApiError } from "../../lib/api";
import { Alert } from "../ui/alert";
import { secondaryButton } from "../ui/button-styles";
import { useReleaseReservation } from "./api/release-reservation";

/** 'Release Reservation': the seller makes a reserved item available again; the buyer is told. */
export function ReleaseReservationButton({ item }: { item: Item }) {
  const release = useReleaseReservation(item.id);
  return (
    <div className="mb-3">
      <button
        type="button"
        disabled={release.isPending}
        onClick={() => release.mutate()}
        className={`${secondaryButton} w-full`}
      >
        Release Reservation
      </button>
      {release.isError ? (
        <Alert tone="error">
          {release.error instanceof ApiError ? release.error.message : "Please try again."}
        </Alert>
      ) : null}
    </div>
  );
}
