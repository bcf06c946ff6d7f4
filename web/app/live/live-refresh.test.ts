import { QueryClient } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { eventKeys } from "../../features/events/api/events-api";
import { recruitmentKeys } from "../../features/recruitment/api/recruitment-keys";
import { parseBroadcastFrame } from "../../lib/live-frames";
import { applyBroadcastFrame } from "./apply-live-event";

describe("live refresh of the shared lists", () => {
  it("reads the server's unnumbered frames and nothing else as broadcasts", () => {
    expect(parseBroadcastFrame('{"type":"events.changed"}')).toEqual({ type: "events.changed" });
    expect(parseBroadcastFrame('{"type":"recruitment.changed"}')).toEqual({ type: "recruitment.changed" });
    expect(parseBroadcastFrame('{"type":"items.changed"}')).toBeNull();
    expect(
      parseBroadcastFrame('{"seq":3,"type":"counts","data":{"unread":1,"unreadMessages":0}}'),
    ).toBeNull();
    expect(parseBroadcastFrame("events.changed")).toBeNull();
  });

  it("marks only the events lists stale on events.changed, only recruitment on recruitment.changed", () => {
    const queryClient = new QueryClient();
    const eventsList = [...eventKeys.all, "list", { college: "" }];
    const postsList = [...recruitmentKeys.all, "list", { college: "" }];
    queryClient.setQueryData(eventsList, { events: [] });
    queryClient.setQueryData(postsList, { posts: [], total: 0 });

    applyBroadcastFrame(queryClient, { type: "events.changed" });
    expect(queryClient.getQueryState(eventsList)?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(postsList)?.isInvalidated).toBe(false);

    applyBroadcastFrame(queryClient, { type: "recruitment.changed" });
    expect(queryClient.getQueryState(postsList)?.isInvalidated).toBe(true);
  });
});
