import type { CreateReportBody } from "@shared/api/reports";
import { useMutation } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import type { MutationConfig } from "../../../lib/mutation-config";

export interface CreateReportAnswer {
  report: { id: string; createdAt: string };
  message: string;
}

export function createReport(body: CreateReportBody): Promise<CreateReportAnswer> {
  return apiFetch<CreateReportAnswer>("/api/reports", { method: "POST", json: body });
}

/** Sends a report of a listing, a user or a message. */
export function useCreateReport(config: MutationConfig<typeof createReport> = {}) {
  return useMutation({ ...config, mutationFn: createReport });
}
