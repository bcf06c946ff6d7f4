import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { MessageText, splitLinks } from "./message-text";

describe("splitLinks", () => {
  it("finds http(s) and www. addresses, leaving sentence punctuation outside", () => {
    expect(splitLinks("See https://olx.in/item/42, or www.example.in.")).toEqual([
      { kind: "text", text: "See " },
      { kind: "link", text: "https://olx.in/item/42", href: "https://olx.in/item/42" },
      { kind: "text", text: ", or " },
      { kind: "link", text: "www.example.in", href: "https://www.example.in" },
      { kind: "text", text: "." },
    ]);
  });

  it("keeps a bracket that belongs to the address, and makes no link of other schemes", () => {
    expect(splitLinks("(https://en.wikipedia.org/wiki/Pen_(tool))")).toEqual([
      { kind: "text", text: "(" },
      {
        kind: "link",
        text: "https://en.wikipedia.org/wiki/Pen_(tool)",
        href: "https://en.wikipedia.org/wiki/Pen_(tool)",
      },
      { kind: "text", text: ")" },
    ]);
    expect(splitLinks("javascript:alert(1) and <b>bold</b>")).toEqual([
      { kind: "text", text: "javascript:alert(1) and <b>bold</b>" },
    ]);
  });
});

describe("MessageText", () => {
  it("renders links that open in a new tab without passing on the page, and markup as text", () => {
    render(
      <p>
        <MessageText text="<img src=x onerror=alert(1)> https://upi.example/pay" linkClassName="" />
      </p>,
    );
    const link = screen.getByRole("link", { name: "https://upi.example/pay" });
    expect(link).toHaveAttribute("href", "https://upi.example/pay");
    expect(link).toHaveAttribute("target", "_blank");
    expect(link).toHaveAttribute("rel", "noopener nofollow ugc");
    expect(screen.getByText(/<img src=x/)).toBeInTheDocument();
    expect(document.querySelector("img")).toBeNull();
  });
});
