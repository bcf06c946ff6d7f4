import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";
import { collegeKeys } from "./get-colleges";

/** A college as the tab shows it: the name and city say which one went in the notice. */
export interface DirectoryCollege {
  id: string;
  name: string;
  city: string;
}

export function deleteCollege(college: DirectoryCollege): Promise<void> {
  return apiFetch(adminPath(`/colleges/${encodeURIComponent(college.id)}`), { method: "DELETE" });
}

/** Deletes a college from the directory; every college picker drops it. */
export function useDeleteCollege(config?: MutationConfig<typeof deleteCollege>) {
  return useAdminMutation(deleteCollege, config, [collegeKeys.all]);
}
