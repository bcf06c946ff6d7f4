import type { ModerationActionBody } from "@shared/api/reports";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";
import { itemKeys } from "../../../lib/query-keys";
import { adminPath, useAdminMutation } from "./admin-api";

export interface ReportDecision extends ModerationActionBody {
  /** Any open report of the target; the decision covers them all. */
  reportId: string;
}

export function actOnReport({
  reportId,
  ...body
}: ReportDecision): Promise<{ resolved: number; message: string }> {
  return apiFetch(adminPath(`/reports/${encodeURIComponent(reportId)}/action`), {
    method: "POST",
    json: body,
  });
}

/** Dismiss, remove the content, warn or suspend: the user and the reporters are told. */
export function useActOnReport(config?: MutationConfig<typeof actOnReport>) {
  return useAdminMutation(actOnReport, config, [itemKeys.all, ["recruitment"]]);
}
