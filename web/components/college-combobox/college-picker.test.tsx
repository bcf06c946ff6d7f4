import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeApi, renderScreen } from "../../../tests/helpers/render-screen";
import { CollegePicker } from "./college-picker";

afterEach(() => vi.unstubAllGlobals());

/** The directory knows IIT Bombay; only the server's search knows its short name IITB. */
function collegesApi() {
  return fakeApi((path) => {
    if (path === "/api/colleges") {
      return { body: { cities: [{ city: "Mumbai", colleges: [{ id: "c1", name: "IIT Bombay" }] }] } };
    }
    const q = decodeURIComponent(path.split("q=")[1] ?? "").toLowerCase();
    return {
      body: {
        colleges: q === "iitb" ? [{ id: "c1", city: "Mumbai", name: "IIT Bombay", alias: "IITB" }] : [],
      },
    };
  });
}

describe("the filters' college picker (events, teammates)", () => {
  it("finds a college by its short name through the server's search, and picks it", async () => {
    const user = userEvent.setup();
    const api = collegesApi();
    const onSelect = vi.fn();
    renderScreen(<CollegePicker label="College" value="" onSelect={onSelect} onClear={vi.fn()} />);
    await user.type(screen.getByRole("combobox", { name: "College" }), "IITB");
    await user.click(await screen.findByRole("option", { name: "IIT Bombay, Mumbai" }));
    expect(onSelect).toHaveBeenCalledWith({ city: "Mumbai", college: "IIT Bombay" });
    expect(api.requests.some((request) => request.path === "/api/colleges/search?q=IITB")).toBe(true);
    // The filters have no account to make: no "My college isn't listed" under 'No matches'.
    await user.type(screen.getByRole("combobox", { name: "College" }), "zzz");
    expect(await screen.findByText("No matches")).toBeVisible();
    expect(screen.queryByRole("button", { name: "My college isn't listed" })).not.toBeInTheDocument();
  });
});
