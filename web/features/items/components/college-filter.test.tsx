import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { CollegeFilter } from "./college-filter";

afterEach(() => vi.unstubAllGlobals());

describe("Browse's college filter", () => {
  it("finds IIT Bombay by 'IITB' and a middle word through the server's search", async () => {
    const user = userEvent.setup();
    const api = fakeApi((path) => {
      if (path === "/api/colleges") {
        return { body: { cities: [{ city: "Mumbai", colleges: [{ id: "c1", name: "IIT Bombay" }] }] } };
      }
      const q = decodeURIComponent(path.split("q=")[1] ?? "").toLowerCase();
      const found = q === "iitb" || q === "bombay";
      return { body: { colleges: found ? [{ id: "c1", city: "Mumbai", name: "IIT Bombay" }] : [] } };
    });
    const onChange = vi.fn();
    renderScreen(<CollegeFilter value="" onChange={onChange} />);
    const box = screen.getByRole("combobox", { name: "Filter by college" });

    // Starts-with on the directory alone would find nothing for either.
    await user.type(box, "IITB");
    await user.click(await screen.findByRole("option", { name: "IIT Bombay, Mumbai" }));
    expect(onChange).toHaveBeenLastCalledWith("IIT Bombay");
    expect(api.requests.map((request) => request.path)).toContain("/api/colleges/search?q=IITB");

    await user.type(box, "Bombay");
    await vi.waitFor(() =>
      expect(api.requests.map((request) => request.path)).toContain("/api/colleges/search?q=Bombay"),
    );
    await user.click(await screen.findByRole("option", { name: "IIT Bombay, Mumbai" }));
    expect(onChange).toHaveBeenCalledTimes(2);
  }, 30_000);
});
