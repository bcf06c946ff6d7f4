import { act, fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { type HideAfter, Notice, type NoticeTone, useNotice } from "./notice";

// Testing Library's async helpers wait on real timers, so with fake ones the buttons are
// pressed with fireEvent; the keyboard test runs on real timers.
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function Page({ hideAfterMs }: { hideAfterMs: HideAfter }) {
  const { notice, show, dismiss } = useNotice();
  const say = (tone: NoticeTone, text: string) => () => show(tone, text);
  return (
    <>
      <button type="button" onClick={say("success", "Settings saved.")}>
        Save
      </button>
      <button type="button" onClick={say("error", "Could not save.")}>
        Fail
      </button>
      <Notice notice={notice} onDismiss={dismiss} hideAfterMs={hideAfterMs} />
    </>
  );
}

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));
const press = (name: string) => fireEvent.click(screen.getByRole("button", { name }));

it("reads a success politely and an error at once, in regions that are there before the text", () => {
  render(<Page hideAfterMs={5000} />);
  expect(screen.getByRole("status")).toBeEmptyDOMElement();
  expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  press("Save");
  expect(screen.getByRole("status")).toHaveTextContent("Settings saved.");
  press("Fail");
  expect(screen.getByRole("alert")).toHaveTextContent("Could not save.");
  expect(screen.getByRole("status")).toBeEmptyDOMElement();
});

it("hides itself after the given time", () => {
  render(<Page hideAfterMs={5000} />);
  press("Save");
  advance(4999);
  expect(screen.getByRole("status")).toHaveTextContent("Settings saved.");
  advance(1);
  expect(screen.getByRole("status")).toBeEmptyDOMElement();
});

it("restarts the time when the same text is shown again", () => {
  render(<Page hideAfterMs={5000} />);
  press("Save");
  advance(4000);
  press("Save");
  advance(4000);
  expect(screen.getByRole("status")).toHaveTextContent("Settings saved.");
  advance(1000);
  expect(screen.getByRole("status")).toBeEmptyDOMElement();
});

it("keeps a tone without a time until it is dismissed, by keyboard", async () => {
  render(<Page hideAfterMs={{ success: 8000, error: null }} />);
  press("Fail");
  advance(60_000);
  expect(screen.getByRole("alert")).toHaveTextContent("Could not save.");
  vi.useRealTimers();
  const user = userEvent.setup();
  screen.getByRole("button", { name: "Dismiss message" }).focus();
  await user.keyboard("{Enter}");
  expect(screen.getByRole("alert")).toBeEmptyDOMElement();
  expect(screen.queryByRole("button", { name: "Dismiss message" })).not.toBeInTheDocument();
});

it("hides each tone after its own time", () => {
  render(<Page hideAfterMs={{ success: 8000, error: null }} />);
  press("Save");
  advance(7999);
  expect(screen.getByRole("status")).toHaveTextContent("Settings saved.");
  advance(1);
  expect(screen.getByRole("status")).toBeEmptyDOMElement();
});
