import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { EventFilters } from "../events-params";
import { campusChipLabel, EventsFilterChips } from "./events-filter-chips";

const filters: EventFilters = {
  college: "",
  city: "Mumbai",
  date: "",
  search: "",
  isUpcomingOnly: true,
  isInterestedOnly: false,
  eventId: "",
};

describe("the events filter chips", () => {
  it("name the place the list covers: the city, a college, or every college", () => {
    expect(campusChipLabel(filters)).toBe("Mumbai");
    expect(campusChipLabel({ college: "", city: "" })).toBe("All colleges");
    expect(campusChipLabel({ college: "COEP", city: "Pune" })).toBe("COEP");
  });

  it("fold the panel behind 'Filters' and switch 'Upcoming only' and 'Interested only' at once", async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    const onTogglePanel = vi.fn();
    render(
      <EventsFilterChips
        filters={{ ...filters, date: "2026-12-24" }}
        onChange={onChange}
        isPanelOpen={false}
        panelId="panel"
        onTogglePanel={onTogglePanel}
      />,
    );
    const open = screen.getByRole("button", { name: "Filters" });
    expect(open).toHaveAttribute("aria-expanded", "false");
    await user.click(open);
    expect(onTogglePanel).toHaveBeenCalledTimes(1);
    expect(screen.getByRole("button", { name: "Where: Mumbai" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Date: 24 Dec 2026" })).toBeInTheDocument();

    const upcoming = screen.getByRole("button", { name: "Upcoming only" });
    expect(upcoming).toHaveAttribute("aria-pressed", "true");
    await user.click(upcoming);
    expect(onChange).toHaveBeenCalledWith({ isUpcomingOnly: false });
    await user.click(screen.getByRole("button", { name: "Interested only" }));
    expect(onChange).toHaveBeenCalledWith({ isInterestedOnly: true });
  });
});
