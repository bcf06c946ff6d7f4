import type { RecruitmentPost } from "@shared/api/recruitment";
import { afterEach, beforeEach, vi } from "vitest";

/** A post as the API sends it; by default seen by another student, who may message the recruiter. */
export function buildRecruitmentPost(overrides: Partial<RecruitmentPost> = {}): RecruitmentPost {
  return {
    id: "post-1",
    recruiterId: "u1",
    recruiterName: "Meera Joshi",
    recruiterCollege: "Fergusson College",
    purpose: "Robotics league team",
    maxStudents: 4,
    event: "Robocon 2027",
    qualities: "Arduino, CAD",
    years: ["2nd Year"],
    description: "We need an electronics person.",
    createdAt: "2026-11-01T10:00:00.000Z",
    updatedAt: "2026-11-01T10:00:00.000Z",
    abilities: {
      canEdit: false,
      canDelete: false,
      canMessage: true,
      canRequest: true,
      canManageRequests: false,
    },
    eventId: null,
    eventTitle: null,
    eventCancelled: false,
    members: [],
    acceptedCount: 0,
    isFull: false,
    pendingCount: 0,
    myRequest: null,
    ...overrides,
  };
}

/** The API's answer: JSON, or nothing for 204. */
export function apiAnswer(status: number, body?: unknown): Response {
  return body === undefined
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/**
 * Stands in for the API in each test of the calling file. The spec only logs failed saves,
 * deletes and chats (console.warn), so that is kept quiet: tests read the note on screen.
 */
export function stubApi() {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    fetchMock.mockReset();
    vi.stubGlobal("fetch", fetchMock);
    vi.spyOn(console, "warn").mockImplementation(() => {});
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(console.warn).mockRestore();
  });
  /** The request sent `index`-th: path, method and JSON body. */
  function sent(index = 0) {
    const [path, init] = fetchMock.mock.calls[index] ?? [];
    return {
      path,
      method: init?.method,
      body: init?.body ? (JSON.parse(String(init.body)) as unknown) : null,
    };
  }
  return { fetchMock, sent };
}
