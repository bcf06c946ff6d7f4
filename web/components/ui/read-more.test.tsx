import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ReadMore } from "./read-more";

describe("a long description", () => {
  it("shows six lines with 'Read more', which unfolds the rest and folds it again", async () => {
    const user = userEvent.setup();
    const text = "A 36-hour hackathon. ".repeat(250);
    render(<ReadMore text={text} />);
    const paragraph = screen.getByText(text.trim(), { normalizer: (value) => value.trim() });
    expect(paragraph).toHaveClass("line-clamp-6");
    const button = screen.getByRole("button", { name: "Read more" });
    expect(button).toHaveAttribute("aria-expanded", "false");
    await user.click(button);
    expect(paragraph).not.toHaveClass("line-clamp-6");
    expect(screen.getByRole("button", { name: "Show less" })).toHaveAttribute("aria-expanded", "true");
    await user.click(screen.getByRole("button", { name: "Show less" }));
    expect(paragraph).toHaveClass("line-clamp-6");
  });

  it("shows a short one whole, without the button", () => {
    render(<ReadMore text="Bring a laptop." />);
    expect(screen.getByText("Bring a laptop.")).toBeInTheDocument();
    expect(screen.queryByRole("button")).not.toBeInTheDocument();
  });
});
