import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";

export function deleteItem(id: string): Promise<void> {
  return apiFetch(adminPath(`/items/${encodeURIComponent(id)}`), { method: "DELETE" });
}

/** Deletes a marketplace post; the server notifies its seller. */
export function useDeleteItem(config?: MutationConfig<typeof deleteItem>) {
  return useAdminMutation(deleteItem, config);
}
