import { ApiError, apiFetch } from "../../../lib/api";

/**
 * This device and push: whether the browser can take pushes, whether it receives them, and turning
 * them on or off. Settings' switch and the card that offers pushes at the moment of intent use it.
 */

export type PushState = "unsupported" | "blocked" | "off" | "on";

/** Whether this browser has what pushes need at all (a service worker, the Push API, notifications). */
export function canBrowserPush(): boolean {
  return "serviceWorker" in navigator && "PushManager" in window && "Notification" in window;
}

/**
 * Whether this browser can take pushes, and whether this device receives them: the browser holds a
 * subscription and the server has it for this session (signing out of the device removed it there).
 */
export async function currentPushState(isOnServer: boolean): Promise<PushState> {
  if (!canBrowserPush()) return "unsupported";
  if (Notification.permission === "denied") return "blocked";
  // On a first visit the worker registers after the first page: wait for it rather than say
  // this browser cannot take pushes (the caller shows 'Checking this device...' meanwhile).
  const registration = await navigator.serviceWorker.ready;
  return isOnServer && (await registration.pushManager.getSubscription()) ? "on" : "off";
}

/**
 * Turns pushes on for this device: asks the browser's permission (only ever from the student's own
 * tap), subscribes with the server's key, and hands the subscription to the server.
 */
export async function turnPushOn(): Promise<PushState> {
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "blocked" : "off";
  const registration = await navigator.serviceWorker.ready;
  const { publicKey } = await apiFetch<{ publicKey: string }>("/api/push/key");
  const subscribe = () =>
    registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: publicKey });
  const kept = await registration.pushManager.getSubscription();
  const store = (subscription: PushSubscription) =>
    apiFetch("/api/push/subscription", { method: "PUT", json: subscription.toJSON() });
  try {
    await store(kept ?? (await subscribe()));
  } catch (error) {
    // The browser still holds the subscription of another account that used it (409): that
    // address stays theirs, so this account gets a new one.
    if (!(kept && error instanceof ApiError && error.status === 409)) throw error;
    await kept.unsubscribe();
    await store(await subscribe());
  }
  return "on";
}

/** Turns pushes off for this device, on the server and in the browser. */
export async function turnPushOff(): Promise<PushState> {
  const registration = await navigator.serviceWorker.getRegistration();
  const subscription = await registration?.pushManager.getSubscription();
  if (subscription) {
    await apiFetch("/api/push/subscription/remove", {
      method: "POST",
      json: { endpoint: subscription.endpoint },
    });
    await subscription.unsubscribe();
  }
  return "off";
}
