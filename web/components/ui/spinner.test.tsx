import { render } from "@testing-library/react";
import { expect, it } from "vitest";
import { Spinner } from "./spinner";

it("is hidden from screen readers, which hear the busy region instead", () => {
  const { container } = render(<Spinner />);
  expect(container.querySelector("svg")).toHaveAttribute("aria-hidden", "true");
});
