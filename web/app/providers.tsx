import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "../lib/query-client";

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (not a module singleton) so tests can mount fresh apps.
  const [queryClient] = useState(createQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
