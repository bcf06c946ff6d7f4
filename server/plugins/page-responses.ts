import { FIRST_CARD_IMAGES, thumbnailUrl } from "@shared/images";
import type { FastifyInstance, FastifyRequest } from "fastify";

/**
 * Answers the page's first API requests (shared/page-requests.ts) as the API would answer the page
 * itself: each goes through its route, with the page request's cookie, so the same checks and the
 * same serialisation apply. Only 200s are kept; for any other answer the browser asks as usual.
 */
export async function answerWithinPage(
  app: FastifyInstance,
  request: FastifyRequest,
  paths: readonly string[],
): Promise<Record<string, unknown> | undefined> {
  if (paths.length === 0) return undefined;
  const cookie = request.headers.cookie;
  const answers = await Promise.all(
    paths.map(async (path) => {
      const response = await app.inject({ method: "GET", url: path, headers: cookie ? { cookie } : {} });
      return response.statusCode === 200 ? ([path, response.json()] as const) : null;
    }),
  );
  return Object.fromEntries(answers.filter((answer) => answer !== null));
}

/**
 * The pictures a page shows first, from the answers written into it: the thumbnails of the first
 * cards of a list of items (on /buy), which the cards ask for as soon as they are drawn
 * (ItemThumbnail, `isFirst`). Named in the page's head, they download beside the page's code rather
 * than after the code has run and drawn the cards. Empty when no answer holds a list of items.
 */
export function firstPicturesOf(answers: Record<string, unknown> | undefined): string[] {
  for (const answer of Object.values(answers ?? {})) {
    const items = (answer as { items?: unknown } | null)?.items;
    if (!Array.isArray(items)) continue;
    return items
      .slice(0, FIRST_CARD_IMAGES)
      .map((item) => (item as { productImage?: unknown } | null)?.productImage)
      .filter((cover): cover is string => typeof cover === "string" && cover !== "")
      .map(thumbnailUrl);
  }
  return [];
}
