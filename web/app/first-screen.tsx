import type { MeResponse, PageSession } from "@shared/api/auth";
import { type FirstScreenPage, isFirstScreenPage } from "@shared/app-routes";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import type { ComponentType } from "react";
import { renderToString } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { BrowsePage } from "../features/items/components/browse-page";
import { keepPageResponses } from "../lib/page-responses";
import { meQueryOptions } from "../lib/session";
import { StudentLayout } from "./layout/student-layout";

/**
 * The pages whose first screen the server draws, with the components the app draws them with. On a
 * slow phone the app's code takes seconds to arrive and run; the page's HTML brings its first screen
 * (header, filters, the first cards with their photos) so the student sees it as soon as the page
 * itself has arrived. It draws the whole answer, as the app will: the cards below the first screen
 * cost little (their photos load only as they near the screen), and the page then looks the same
 * before and after the app takes over. See docs/decisions/059-*.
 */
const DRAWN_FIRST: Record<FirstScreenPage, ComponentType> = { "/buy": BrowsePage };

/**
 * The first screen of the signed-in student's page at `pathname`, as HTML for the page's #root,
 * drawn from the answers written into the page (server/plugins/spa.ts); null for a page the server
 * does not draw, or nobody signed in. The browser's app replaces it with its own first render
 * (web/main.tsx), which it holds back until it can draw the same page (app/router.tsx).
 */
export function renderFirstScreen(pathname: string, search: string, session: PageSession): string | null {
  if (!isFirstScreenPage(pathname) || !session.user) return null;
  const Page = DRAWN_FIRST[pathname];
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData<MeResponse>(meQueryOptions.queryKey, { user: session.user });
  // Drawing is synchronous: no other page's answers can be read in between.
  keepPageResponses(session.responses, Date.now());
  try {
    return renderToString(
      <QueryClientProvider client={queryClient}>
        <MemoryRouter initialEntries={[`${pathname}${search}`]}>
          <StudentLayout>
            <Page />
          </StudentLayout>
        </MemoryRouter>
      </QueryClientProvider>,
    );
  } finally {
    keepPageResponses(undefined, 0);
    queryClient.clear();
  }
}
