import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { AdminNoticeProvider } from "./admin-notice";
import { CollegeAliasesSection } from "./college-aliases-section";

const CITIES = [
  { city: "Mumbai", colleges: [{ id: "c1", name: "IIT Bombay" }] },
  { city: "Pune", colleges: [{ id: "c2", name: "Fergusson College" }] },
];

function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}

let aliases: { alias: string; collegeId: string }[];
const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
  const url = String(input);
  if (url === "/api/admin/college-aliases") return json(200, { aliases });
  if (url === "/api/admin/colleges/c2/aliases" && init?.method === "POST") {
    const { alias } = JSON.parse(String(init.body)) as { alias: string };
    if (alias === "IITB") return json(409, { error: { code: "conflict", message: "Already there." } });
    aliases = [...aliases, { alias, collegeId: "c2" }];
    return json(201, { alias: { alias, collegeId: "c2" } });
  }
  if (url === "/api/admin/colleges/c1/aliases/IITB" && init?.method === "DELETE") {
    aliases = aliases.filter((entry) => entry.alias !== "IITB");
    return json(204, null);
  }
  return json(404, { error: { code: "not_found", message: "Not found" } });
});

beforeEach(() => {
  aliases = [{ alias: "IITB", collegeId: "c1" }];
  vi.stubGlobal("fetch", fetchMock);
});
afterEach(() => {
  fetchMock.mockClear();
  vi.unstubAllGlobals();
});

function renderSection() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <AdminNoticeProvider>
        <CollegeAliasesSection cities={CITIES} />
      </AdminNoticeProvider>
    </QueryClientProvider>,
  );
}

it("lists each short name with its college, adds one to a chosen college and removes one", async () => {
  renderSection();
  const list = await screen.findByRole("list");
  expect(within(list).getByText("IITB", { selector: ".font-medium" })).toBeInTheDocument();
  expect(within(list).getByText("IIT Bombay, Mumbai")).toBeInTheDocument();

  await userEvent.type(screen.getByRole("textbox", { name: "Short name" }), "FC Pune");
  await userEvent.click(screen.getByRole("button", { name: "Add Short Name" }));
  expect(await screen.findByText("Please choose a college.")).toBeInTheDocument();

  await userEvent.selectOptions(screen.getByRole("combobox", { name: "College" }), "c2");
  await userEvent.click(screen.getByRole("button", { name: "Add Short Name" }));
  expect(await screen.findByText("FC Pune added to Fergusson College, Pune.")).toBeInTheDocument();
  expect(
    await within(screen.getByRole("list")).findByText("FC Pune", { selector: ".font-medium" }),
  ).toBeInTheDocument();

  await userEvent.click(screen.getByRole("button", { name: "Remove IITB" }));
  expect(await screen.findByText("IITB removed.")).toBeInTheDocument();
});
