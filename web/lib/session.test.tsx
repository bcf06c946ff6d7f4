import { SESSION_ELEMENT_ID } from "@shared/app-routes";
import { QueryClient } from "@tanstack/react-query";
import { afterEach, expect, it, vi } from "vitest";
import { liveSeqStorageKey } from "./live-seq";
import { meQueryOptions, startSession } from "./session";

const student = { id: "3f2a", name: "Meera Iyer", role: "student" };

function pageWith(text: string): void {
  const element = document.createElement("script");
  element.type = "application/json";
  element.id = SESSION_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  document.getElementById(SESSION_ELEMENT_ID)?.remove();
  window.sessionStorage.clear();
});

it("takes who is signed in from the page, without asking the server, and resumes live events from its moment", () => {
  const fetch = vi.spyOn(globalThis, "fetch");
  pageWith(JSON.stringify({ user: student, liveSeq: 41 }));
  const queryClient = new QueryClient();
  startSession(queryClient);
  expect(queryClient.getQueryData(meQueryOptions.queryKey)).toEqual({ user: student });
  expect(window.sessionStorage.getItem(liveSeqStorageKey(student.id))).toBe("41");
  expect(fetch).not.toHaveBeenCalled();
  fetch.mockRestore();
  // Read once: a later start (another app mounted in this tab) asks the server.
  expect(document.getElementById(SESSION_ELEMENT_ID)).toBeNull();
});

it("knows a visitor from the page too", () => {
  pageWith(JSON.stringify({ user: null }));
  const queryClient = new QueryClient();
  startSession(queryClient);
  expect(queryClient.getQueryData(meQueryOptions.queryKey)).toEqual({ user: null });
});

it("asks the server when the page has no session or an unreadable one", async () => {
  for (const page of [null, "{not json", "[]"]) {
    if (page !== null) pageWith(page);
    const fetch = vi
      .spyOn(globalThis, "fetch")
      .mockResolvedValue(
        new Response(JSON.stringify({ user: student }), { headers: { "content-type": "application/json" } }),
      );
    const queryClient = new QueryClient();
    startSession(queryClient);
    await vi.waitFor(() =>
      expect(queryClient.getQueryData(meQueryOptions.queryKey)).toEqual({ user: student }),
    );
    expect(fetch).toHaveBeenCalledWith(expect.stringContaining("/api/auth/me"), expect.anything());
    fetch.mockRestore();
  }
});
