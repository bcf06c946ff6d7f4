import type { Profile } from "@shared/api/profiles";
import { TEXT_MESSAGES } from "@shared/validation/messages";
import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { ProfileEditForm } from "./profile-edit-form";

const profile: Profile = {
  id: "u1",
  name: "Asha Rao",
  bio: "",
  email: "asha@example.edu",
  mobile: "",
  college: "IIT Bombay",
  collegePending: false,
  city: "Mumbai",
  profilePhoto: "/api/files/profiles/asha.webp",
  isVerified: true,
  isEmailConfirmed: true,
  counts: { items: 0, followers: 0, following: 0 },
  abilities: { canEdit: true, canFollow: false, canReport: false, canBlock: false },
};

let fetchMock: ReturnType<typeof vi.fn>;

function renderForm(answer: () => Response) {
  fetchMock = vi.fn(async () => answer());
  vi.stubGlobal("fetch", fetchMock);
  const onDone = vi.fn();
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <ProfileEditForm profile={profile} onDone={onDone} />
    </QueryClientProvider>,
  );
  return onDone;
}

beforeEach(() => {
  HTMLElement.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

it("checks the name and bio with the server's profile rules before sending anything", async () => {
  const user = userEvent.setup();
  renderForm(() => new Response(null, { status: 500 }));
  const name = screen.getByRole("textbox", { name: "Full Name" });
  await user.clear(name);
  await user.type(name, "A");
  await user.type(screen.getByRole("textbox", { name: "Bio" }), "Line one{Enter}line two");
  await user.click(screen.getByRole("button", { name: "Save Changes" }));

  await screen.findByText(SETTINGS_MESSAGES.nameTooShort);
  await vi.waitFor(() => expect(name).toHaveFocus());
  expect(name).toHaveAccessibleDescription(SETTINGS_MESSAGES.nameTooShort);
  expect(screen.getByText(TEXT_MESSAGES.singleLine("Bio"))).toBeInTheDocument();
  expect(fetchMock).not.toHaveBeenCalled();
});

it("saves the trimmed name and bio, keeps the photo, and closes", async () => {
  const user = userEvent.setup();
  const onDone = renderForm(
    () => new Response(JSON.stringify({ user: { ...profile, name: "Asha K. Rao" } }), { status: 200 }),
  );
  const name = screen.getByRole("textbox", { name: "Full Name" });
  await user.clear(name);
  await user.type(name, "  Asha K. Rao ");
  await user.click(screen.getByRole("button", { name: "Save Changes" }));

  await vi.waitFor(() => expect(onDone).toHaveBeenCalled());
  const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
  expect(`${init.method} ${url}`).toBe("PATCH /api/me/profile");
  expect(JSON.parse(String(init.body))).toEqual({
    name: "Asha K. Rao",
    bio: "",
    profilePhoto: profile.profilePhoto,
  });
});

it("shows the server's refusal and stays open", async () => {
  const user = userEvent.setup();
  const onDone = renderForm(
    () =>
      new Response(
        JSON.stringify({ error: { code: "rate_limited", message: "Too many changes. Try later." } }),
        {
          status: 429,
        },
      ),
  );
  vi.spyOn(console, "warn").mockImplementation(() => {});
  await user.click(screen.getByRole("button", { name: "Save Changes" }));

  expect(await screen.findByRole("alert")).toHaveTextContent("Too many changes. Try later.");
  expect(onDone).not.toHaveBeenCalled();
});
