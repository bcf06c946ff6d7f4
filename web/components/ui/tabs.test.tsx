import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { MemoryRouter, useLocation, useSearchParams } from "react-router";
import { expect, it } from "vitest";
import { type TabItem, Tabs } from "./tabs";

type Tab = "buying" | "selling" | "recruitment";
const TABS: TabItem<Tab>[] = [
  { id: "buying", label: "Buying" },
  { id: "selling", label: "Selling", badge: <span className="sr-only"> (2 unread)</span> },
  { id: "recruitment", label: "Recruitment" },
];

function ChatLikeTabs({ panelId = "panel" }: { panelId?: string | ((id: Tab) => string) }) {
  const [selected, setSelected] = useState<Tab>("buying");
  return (
    <>
      <Tabs
        label="Chat categories"
        tabs={TABS}
        selected={selected}
        onSelect={setSelected}
        tabId={(id) => `tab-${id}`}
        panelId={panelId}
        variant="segmented"
      />
      <div role="tabpanel" id="panel" aria-labelledby={`tab-${selected}`}>
        {selected} chats
      </div>
      <button type="button">After</button>
    </>
  );
}

it("is one tab stop: Tab enters on the selected tab and leaves to the panel's page", async () => {
  const user = userEvent.setup();
  render(<ChatLikeTabs />);
  expect(screen.getByRole("tablist", { name: "Chat categories" })).toBeInTheDocument();
  await user.tab();
  expect(screen.getByRole("tab", { name: "Buying" })).toHaveFocus();
  expect(screen.getByRole("tab", { name: "Buying" })).toHaveAttribute("aria-selected", "true");
  await user.tab();
  expect(screen.getByRole("button", { name: "After" })).toHaveFocus();
});

it("moves and selects with ArrowRight and ArrowLeft, wrapping at both ends", async () => {
  const user = userEvent.setup();
  render(<ChatLikeTabs />);
  await user.tab();
  await user.keyboard("{ArrowRight}");
  const selling = screen.getByRole("tab", { name: "Selling (2 unread)" });
  expect(selling).toHaveFocus();
  expect(selling).toHaveAttribute("aria-selected", "true");
  expect(screen.getByRole("tabpanel", { name: "Selling (2 unread)" })).toHaveTextContent("selling chats");
  await user.keyboard("{ArrowRight}{ArrowRight}");
  expect(screen.getByRole("tab", { name: "Buying" })).toHaveFocus();
  await user.keyboard("{ArrowLeft}");
  expect(screen.getByRole("tab", { name: "Recruitment" })).toHaveFocus();
  expect(screen.getByRole("tab", { name: "Recruitment" })).toHaveAttribute("aria-selected", "true");
  expect(screen.getByRole("tab", { name: "Buying" })).toHaveAttribute("tabindex", "-1");
});

it("jumps to the last tab on End and the first on Home", async () => {
  const user = userEvent.setup();
  render(<ChatLikeTabs />);
  await user.tab();
  await user.keyboard("{End}");
  expect(screen.getByRole("tab", { name: "Recruitment" })).toHaveFocus();
  await user.keyboard("{Home}");
  expect(screen.getByRole("tab", { name: "Buying" })).toHaveFocus();
});

it("selects on click", async () => {
  const user = userEvent.setup();
  render(<ChatLikeTabs />);
  await user.click(screen.getByRole("tab", { name: "Recruitment" }));
  expect(screen.getByRole("tab", { name: "Recruitment" })).toHaveAttribute("aria-selected", "true");
});

it("points every tab at a shared panel, or only the selected tab at its own panel", () => {
  const { unmount } = render(<ChatLikeTabs />);
  for (const tab of screen.getAllByRole("tab")) expect(tab).toHaveAttribute("aria-controls", "panel");
  unmount();
  render(<ChatLikeTabs panelId={(id) => `panel-${id}`} />);
  expect(screen.getByRole("tab", { name: "Buying" })).toHaveAttribute("aria-controls", "panel-buying");
  expect(screen.getByRole("tab", { name: "Recruitment" })).not.toHaveAttribute("aria-controls");
});

const SECTIONS: TabItem<"events" | "users" | "audit">[] = [
  { id: "events", label: "Events & Hackathons" },
  { id: "users", label: "Users Management" },
  { id: "audit", label: "Audit Log" },
];

function AddressTabs() {
  const [searchParams, setSearchParams] = useSearchParams();
  const selected = SECTIONS.find((tab) => tab.id === searchParams.get("tab"))?.id ?? "events";
  return (
    <>
      <Tabs
        label="Admin sections"
        tabs={SECTIONS}
        selected={selected}
        onSelect={(id) => setSearchParams({ tab: id }, { replace: true })}
        tabId={(id) => `admin-tab-${id}`}
        panelId={(id) => `admin-panel-${id}`}
      />
      <div role="tabpanel" id={`admin-panel-${selected}`} aria-labelledby={`admin-tab-${selected}`} />
      <Location />
    </>
  );
}

function Location() {
  return <output aria-label="Address">{useLocation().search}</output>;
}

it("works as well when the address holds the selected tab", async () => {
  const user = userEvent.setup();
  render(
    <MemoryRouter initialEntries={["/admin?tab=users"]}>
      <AddressTabs />
    </MemoryRouter>,
  );
  expect(screen.getByRole("tab", { name: "Users Management" })).toHaveAttribute("aria-selected", "true");
  expect(screen.getByRole("tabpanel", { name: "Users Management" })).toBeInTheDocument();
  await user.tab();
  await user.keyboard("{ArrowRight}");
  expect(screen.getByRole("tab", { name: "Audit Log" })).toHaveFocus();
  expect(screen.getByRole("status", { name: "Address" })).toHaveTextContent("?tab=audit");
  await user.keyboard("{Home}");
  expect(screen.getByRole("tab", { name: "Events & Hackathons" })).toHaveFocus();
  expect(screen.getByRole("status", { name: "Address" })).toHaveTextContent("?tab=events");
});
