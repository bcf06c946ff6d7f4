import { PUSH_MESSAGES } from "@shared/push-constants";
import { afterEach, describe, expect, it, vi } from "vitest";
import { turnPushOn } from "./notifications";

/**
 * Turning pushes on in a browser that still holds a subscription from another account (it used
 * this browser and did not sign out): the server keeps that address with its account (409), so this
 * account gets a new one. The browser's push API is a stand-in; the answers are the server's.
 */

interface FakeSubscription {
  endpoint: string;
  isUnsubscribed: boolean;
  toJSON(): object;
  unsubscribe(): Promise<boolean>;
}

function fakeSubscription(endpoint: string): FakeSubscription {
  const subscription: FakeSubscription = {
    endpoint,
    isUnsubscribed: false,
    toJSON: () => ({ endpoint, keys: { p256dh: "key", auth: "secret" } }),
    unsubscribe: async () => {
      subscription.isUnsubscribed = true;
      return true;
    },
  };
  return subscription;
}

function browserHolding(kept: FakeSubscription | null) {
  let current = kept;
  const made: FakeSubscription[] = [];
  const pushManager = {
    getSubscription: async () => (current?.isUnsubscribed ? null : current),
    subscribe: async () => {
      current = fakeSubscription(`https://fcm.googleapis.com/fcm/send/new-${made.length + 1}`);
      made.push(current);
      return current;
    },
  };
  vi.stubGlobal("Notification", { requestPermission: async () => "granted" });
  vi.stubGlobal("navigator", { serviceWorker: { ready: Promise.resolve({ pushManager }) } });
  return { made };
}

/** A server whose PUT answers with the statuses given, in turn; records the endpoints it was sent. */
function serverAnswering(...statuses: number[]) {
  const stored: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (path: string, init: RequestInit) => {
      if (path === "/api/push/key") return Response.json({ publicKey: "BPublicKey" });
      stored.push(JSON.parse(String(init.body)).endpoint);
      const status = statuses.shift() ?? 204;
      if (status === 204) return new Response(null, { status });
      return Response.json({ error: { code: "conflict", message: PUSH_MESSAGES.otherAccount } }, { status });
    }),
  );
  return { stored };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("turnPushOn", () => {
  it("replaces a subscription another account holds with a new one, and stores that", async () => {
    const old = fakeSubscription("https://fcm.googleapis.com/fcm/send/previous-account");
    const browser = browserHolding(old);
    const server = serverAnswering(409, 204);
    expect(await turnPushOn()).toBe("on");
    expect(old.isUnsubscribed).toBe(true);
    expect(server.stored).toEqual([old.endpoint, browser.made[0]?.endpoint]);
  });

  it("keeps the browser's own subscription when the server takes it", async () => {
    const own = fakeSubscription("https://fcm.googleapis.com/fcm/send/mine");
    const browser = browserHolding(own);
    const server = serverAnswering(204);
    expect(await turnPushOn()).toBe("on");
    expect(own.isUnsubscribed).toBe(false);
    expect(browser.made).toEqual([]);
    expect(server.stored).toEqual([own.endpoint]);
  });

  it("shows the server's refusal of a new subscription as it is, trying no other", async () => {
    const browser = browserHolding(null);
    serverAnswering(409);
    await expect(turnPushOn()).rejects.toMatchObject({ status: 409, message: PUSH_MESSAGES.otherAccount });
    expect(browser.made).toHaveLength(1);
  });
});
