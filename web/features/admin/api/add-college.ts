import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { adminPath, useAdminMutation } from "./admin-api";
import { collegeKeys } from "./get-colleges";

export interface NewCollege {
  city: string;
  college: string;
}

export function addCollege(body: NewCollege): Promise<unknown> {
  return apiFetch(adminPath("/colleges"), { method: "POST", json: body });
}

/** Adds a college to the directory; every college picker lists it. */
export function useAddCollege(config?: MutationConfig<typeof addCollege>) {
  return useAdminMutation(addCollege, config, [collegeKeys.all]);
}
