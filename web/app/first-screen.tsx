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
 * itself has arrived. See docs/decisions/059-*.
 */
const DRAWN_FIRST: Record<FirstScreenPage, ComponentType> = { "/buy": BrowsePage };

/**
 * The cards drawn: a phone's first screen holds one to four, a desktop's six. The app draws the
 * rest of the page's answer when it takes over, below the fold.
 */
export const FIRST_SCREEN_CARDS = 6;

/**
 * The page's answers with the first `FIRST_SCREEN_CARDS` of each list of items, and without the
 * sections below a list (browse's 'More in {city}'), which lie below the first screen.
 */
function firstCardsOf(responses: PageSession["responses"]): PageSession["responses"] {
  if (!responses) return responses;
  return Object.fromEntries(
    Object.entries(responses).map(([path, answer]) => {
      const list = answer as { items?: unknown; more?: unknown } | null;
      if (!Array.isArray(list?.items)) return [path, answer];
      const firstCards = { ...list, items: list.items.slice(0, FIRST_SCREEN_CARDS) };
      return [path, "more" in list ? { ...firstCards, more: null } : firstCards];
    }),
  );
}

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
  keepPageResponses(firstCardsOf(session.responses), Date.now());
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
