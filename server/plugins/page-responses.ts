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
