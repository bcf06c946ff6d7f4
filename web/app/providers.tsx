import { QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { createQueryClient } from "../lib/query-client";
import { startSession } from "../lib/session";

function createAppQueryClient() {
  const queryClient = createQueryClient();
  // Who is signed in: as the page says, or asked at once while the router fetches the page's code.
  startSession(queryClient);
  return queryClient;
}

export function AppProviders({ children }: { children: ReactNode }) {
  // One client per mounted app (not a module singleton) so tests can mount fresh apps.
  const [queryClient] = useState(createAppQueryClient);
  return <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
}
