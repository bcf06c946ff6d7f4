import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { Alert } from "./alert";

describe("Alert", () => {
  it("interrupts with an error and announces the other tones politely", () => {
    render(
      <>
        <Alert tone="error">Could not save.</Alert>
        <Alert tone="success">Saved.</Alert>
        <Alert tone="warning">Almost full.</Alert>
      </>,
    );
    expect(screen.getByRole("alert")).toHaveTextContent("Could not save.");
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toEqual([
      "Saved.",
      "Almost full.",
    ]);
  });

  it("draws a bordered box by default", () => {
    render(<Alert tone="error">Could not load the reports.</Alert>);
    const alert = screen.getByRole("alert");
    expect(alert.tagName).toBe("DIV");
    expect(alert).toHaveClass("rounded-lg", "border", "bg-red-50");
  });

  it("draws an inline message as a paragraph of coloured words, sized by the place that shows it", () => {
    render(
      <Alert tone="error" variant="inline" className="mt-1 text-sm">
        Please try again.
      </Alert>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.tagName).toBe("P");
    expect(alert).toHaveClass("text-red-700", "mt-1", "text-sm");
    expect(alert).not.toHaveClass("border");
    expect(alert).not.toHaveClass("bg-red-50");
  });

  it("keeps a heading and a button inside when drawn as a section", () => {
    render(
      <Alert tone="error" variant="inline" as="section">
        <h1>Could not load the profile</h1>
        <button type="button">Try again</button>
      </Alert>,
    );
    const alert = screen.getByRole("alert");
    expect(alert.tagName).toBe("SECTION");
    expect(alert).toContainElement(screen.getByRole("heading", { name: "Could not load the profile" }));
    expect(alert).toContainElement(screen.getByRole("button", { name: "Try again" }));
  });
});
