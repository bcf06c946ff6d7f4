import { render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { STATUS_TONE_CLASSES, StatusBadge, type StatusTone } from "./status-badge";

it("reads as 'Status:' and the status, not by its colour alone", () => {
  render(<StatusBadge tone="green">resolved</StatusBadge>);
  // The status is its own text, so it can be found by it.
  expect(screen.getByText("resolved", { exact: true }).parentElement).toHaveTextContent("Status: resolved");
});

it("gives every tone its own colours", () => {
  const tones = Object.keys(STATUS_TONE_CLASSES) as StatusTone[];
  render(
    <div data-testid="badges">
      {tones.map((tone) => (
        <StatusBadge key={tone} tone={tone}>
          {tone}
        </StatusBadge>
      ))}
    </div>,
  );
  const classes = Array.from(screen.getByTestId("badges").children, (badge) => badge.className);
  expect(new Set(classes).size).toBe(tones.length);
});
