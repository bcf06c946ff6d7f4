import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach } from "vitest";

// Each component test starts from an empty document.
afterEach(() => {
  cleanup();
});

// happy-dom opens and closes <dialog> but has no close request: a browser answers Escape on a
// modal dialog with a cancelable "cancel" event and closes it unless that is prevented.
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape" || event.defaultPrevented) return;
  const modals = Array.from(document.querySelectorAll<HTMLDialogElement>("dialog[open]"));
  const top = modals[modals.length - 1];
  if (!top) return;
  const cancel = new Event("cancel", { cancelable: true });
  if (top.dispatchEvent(cancel)) top.close();
});
