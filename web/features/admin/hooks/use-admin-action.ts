import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { invalidateAdminQueries } from "../api/admin-api";
import { useAdminNotice } from "../components/admin-notice";

interface AdminActionOptions<TInput, TResult> {
  run: (input: TInput) => Promise<TResult>;
  /** The spec's success text, e.g. 'Event deleted successfully!'. */
  success: string | ((input: TInput, result: TResult) => string);
  /** The spec's failure text built from the server's message, e.g. 'Error deleting event: ...'. */
  failure?: (message: string) => string;
  /** Queries outside the admin panel that the action changes too, e.g. ["colleges"]. */
  alsoInvalidate?: QueryKey[];
  onSuccess?: (input: TInput, result: TResult) => void;
}

/**
 * One admin action: runs it, says how it went in the notice banner, and refetches the admin
 * lists and counts. Without `failure` the caller shows the error itself (e.g. inside a dialog).
 */
export function useAdminAction<TInput, TResult = unknown>(options: AdminActionOptions<TInput, TResult>) {
  const queryClient = useQueryClient();
  const notify = useAdminNotice();
  return useMutation({
    mutationFn: options.run,
    onSuccess: async (result, input) => {
      notify(
        "success",
        typeof options.success === "string" ? options.success : options.success(input, result),
      );
      options.onSuccess?.(input, result);
      await Promise.all([
        invalidateAdminQueries(queryClient),
        ...(options.alsoInvalidate ?? []).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
      ]);
    },
    onError: (error) => {
      if (options.failure) notify("error", options.failure(error.message));
    },
  });
}

/** Asks first with the spec's confirmation text; true when the admin agreed. */
export function confirmAction(text: string): boolean {
  return window.confirm(text);
}
