import type { UseMutationOptions } from "@tanstack/react-query";

// biome-ignore lint/suspicious/noExplicitAny: any request function, whatever it takes
type Request = (input: any) => Promise<unknown>;

/**
 * What a screen adds to an action's mutation hook: its own onSuccess and onError (a notice, closing
 * a dialog). The request and the cache invalidation stay with the action's file.
 */
export type MutationConfig<TRequest extends Request> = Omit<
  UseMutationOptions<Awaited<ReturnType<TRequest>>, Error, Parameters<TRequest>[0]>,
  "mutationFn"
>;
