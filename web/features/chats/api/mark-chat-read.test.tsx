import { onlineManager, QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "../../../../tests/helpers/render-screen";
import { createQueryClient } from "../../../lib/query-client";
import { useMarkChatRead } from "./mark-chat-read";

afterEach(() => {
  onlineManager.setOnline(true);
  vi.unstubAllGlobals();
});

function renderMarkChatRead() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return renderHook(() => useMarkChatRead(), { wrapper });
}

const READ = { path: "/api/chats/chat-1/read", method: "POST", body: undefined };

describe("marking a chat read", () => {
  it("offline, waits for the connection and is sent when it is back", async () => {
    const api = fakeApi(() => ({ status: 204 }));
    const { result } = renderMarkChatRead();
    act(() => onlineManager.setOnline(false));
    act(() => result.current.mutate("chat-1"));
    await waitFor(() => expect(result.current.isPaused).toBe(true));
    expect(api.requests).toEqual([]);

    act(() => onlineManager.setOnline(true));
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(api.requests).toEqual([READ]);
  });

  it("is sent again when the connection dropped it on its way", async () => {
    let calls = 0;
    const fetchMock = vi.fn(async () => {
      calls += 1;
      if (calls === 1) throw new TypeError("Failed to fetch");
      return new Response(null, { status: 204 });
    });
    vi.stubGlobal("fetch", fetchMock);
    const { result } = renderMarkChatRead();
    act(() => result.current.mutate("chat-1"));
    await waitFor(() => expect(result.current.isSuccess).toBe(true), { timeout: 3000 });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
