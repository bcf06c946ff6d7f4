import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { fireEvent, render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { EventFilters } from "../events-params";
import { EventsFilterPanel } from "./events-filter-panel";

const ownCampus: EventFilters = {
  college: "IIT Bombay",
  city: "Mumbai",
  date: "",
  search: "",
  isUpcomingOnly: true,
  isInterestedOnly: false,
  eventId: "",
};

// happy-dom does not know the <search> landmark the search box sits in (browsers do): React's
// warning about that element is the test DOM's gap, not this screen's; any other error still fails.
beforeEach(() => {
  const collect = vi.mocked(console.error).getMockImplementation();
  vi.mocked(console.error).mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes("is unrecognized in this browser") && args[1] === "search") return;
    collect?.(...args);
  });
});

function renderPanel(filters: EventFilters = ownCampus) {
  const onChange = vi.fn();
  const onReset = vi.fn();
  // The college directory is never asked for in these tests; a client is all the picker needs.
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <EventsFilterPanel filters={filters} onChange={onChange} onReset={onReset} />
    </QueryClientProvider>,
  );
  return { onChange, onReset, user: userEvent.setup() };
}

describe("the events filters", () => {
  it("show the chosen college and city as one chip, which removes both", async () => {
    const { onChange, user } = renderPanel();
    await user.click(screen.getByRole("button", { name: "Remove college filter IIT Bombay, Mumbai" }));
    expect(onChange).toHaveBeenCalledWith({ college: "", city: "" });
  });

  it("send a chosen or cleared date at once, in place of the current history entry", () => {
    const { onChange } = renderPanel({ ...ownCampus, date: "2099-12-15" });
    const date = screen.getByLabelText("Date");
    expect(date).toHaveValue("2099-12-15");
    fireEvent.change(date, { target: { value: "2099-12-20" } });
    expect(onChange).toHaveBeenLastCalledWith({ date: "2099-12-20" }, { replace: true });
    fireEvent.change(date, { target: { value: "" } });
    expect(onChange).toHaveBeenLastCalledWith({ date: "" }, { replace: true });
  });

  it("show past events too when 'Show only upcoming' is unticked", async () => {
    const { onChange, user } = renderPanel();
    const upcoming = screen.getByRole("checkbox", { name: "Show only upcoming" });
    expect(upcoming).toBeChecked();
    await user.click(upcoming);
    expect(onChange).toHaveBeenCalledWith({ isUpcomingOnly: false });
  });

  it("go back to the defaults on Reset", async () => {
    const { onReset, user } = renderPanel({ ...ownCampus, search: "hack", isUpcomingOnly: false });
    expect(screen.getByLabelText("Search events")).toHaveValue("hack");
    await user.click(screen.getByRole("button", { name: "Reset" }));
    expect(onReset).toHaveBeenCalledOnce();
  });
});
