import { vi } from "vitest";

/**
 * A browser that can take pushes, for component tests (happy-dom has none): a service worker
 * that becomes ready when `makeReady` is called (or at once), no subscription yet, and a
 * permission question answered with `permissionAnswer`.
 */
export function fakePushBrowser({
  isReady = true,
  permission = "default" as NotificationPermission,
  permissionAnswer = "granted" as NotificationPermission,
} = {}) {
  const subscription = {
    endpoint: "https://push.example.com/device-1",
    toJSON: () => ({
      endpoint: "https://push.example.com/device-1",
      keys: { p256dh: "key", auth: "secret" },
    }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => {
      current = subscription;
      return subscription;
    }),
  };
  const registration = { pushManager };
  let makeReady: () => void = () => {};
  const ready = new Promise((resolve) => {
    makeReady = () => resolve(registration);
  });
  if (isReady) makeReady();
  const notification = {
    permission,
    requestPermission: vi.fn(async () => {
      notification.permission = permissionAnswer;
      return permissionAnswer;
    }),
  };
  vi.stubGlobal("Notification", notification);
  vi.stubGlobal("PushManager", class {});
  Object.defineProperty(navigator, "serviceWorker", {
    configurable: true,
    value: { ready, getRegistration: vi.fn(async () => (isReady ? registration : undefined)) },
  });
  return {
    makeReady,
    pushManager,
    notification,
    /** Takes the fakes away again (call in afterEach). */
    remove: () => {
      Reflect.deleteProperty(navigator, "serviceWorker");
    },
  };
}
