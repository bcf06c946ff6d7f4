import type { ProfileResponse } from "@shared/api/profiles";
import type { Reputation } from "@shared/api/ratings";
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { BUYER_ABILITIES, buildItemResponse } from "../../../../tests/factories/item-responses";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { PublicProfilePage } from "./public-profile-page";

afterEach(() => vi.unstubAllGlobals());

function profile(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  return {
    profile: {
      id: "u2",
      name: "Rohit Kale",
      bio: "",
      email: null,
      mobile: null,
      college: "COEP",
      collegePending: false,
      city: "Pune",
      profilePhoto: null,
      isVerified: true,
      isEmailConfirmed: true,
      counts: { items: 0, followers: 0, following: 0 },
      abilities: { canEdit: false, canFollow: true, canReport: true, canBlock: true },
    },
    isFollowing: false,
    isOwn: false,
    isBlocked: false,
    items: [],
    ...overrides,
  };
}

function openProfile(answer: ProfileResponse, reputation: Partial<Reputation> = {}) {
  const api = fakeApi((path, init) => {
    if (path === "/api/users/u2") return { body: answer };
    if (path === "/api/users/u2/reputation")
      return {
        body: {
          reputation: {
            average: null,
            count: 0,
            itemsSold: 0,
            replyMinutes: null,
            reviews: [],
            ...reputation,
          },
        },
      };
    if (path === "/api/users/u2/block") return { body: { isBlocked: init.method === "PUT" } };
    return { status: 404, body: { error: { code: "not_found", message: "Not found" } } };
  });
  renderScreen(<PublicProfilePage />, { path: "/profile/:userId", at: "/profile/u2" });
  return api;
}

describe("a public profile", () => {
  it.each([
    [45, "Usually replies within an hour"],
    [300, "Usually replies within a few hours"],
    [20 * 60, "Usually replies within a day"],
  ])("after a median first reply of %i minutes says '%s'", async (replyMinutes, label) => {
    openProfile(profile(), { replyMinutes, itemsSold: 2 });
    expect(await screen.findByText("Items sold: 2")).toBeVisible();
    expect(screen.getByText(label)).toBeVisible();
  });

  it("shows 'Reserved' and the seller's rating on the posted items' cards, as browse does", async () => {
    openProfile(
      profile({
        items: [
          buildItemResponse({
            id: "held",
            productName: "Desk lamp",
            isReserved: true,
            sellerRating: { average: 4.8, count: 12 },
            abilities: BUYER_ABILITIES,
          }),
          buildItemResponse({
            id: "free",
            productName: "Kettle",
            isReserved: false,
            sellerRating: { average: 4.8, count: 12 },
            abilities: BUYER_ABILITIES,
          }),
        ],
      }),
    );
    const held = await screen.findByRole("article", { name: "Desk lamp" });
    expect(within(held).getByText("Reserved")).toBeVisible();
    expect(within(held).getByText("4.8 ★ · 12 ratings")).toBeVisible();
    const free = screen.getByRole("article", { name: "Kettle" });
    expect(within(free).queryByText("Reserved")).toBeNull();
    expect(within(free).getByText("4.8 ★ · 12 ratings")).toBeVisible();
  });

  it("says 'New on Campus Bazaar' below three ratings, '4.8 ★ · 12 ratings' from three, and lists the reviews", async () => {
    openProfile(profile(), { average: null, count: 2 });
    const reviews = await screen.findByRole("region", { name: "Reviews" });
    expect(await within(reviews).findByText("New on Campus Bazaar")).toBeVisible();
    expect(within(reviews).getByText("No reviews yet.")).toBeVisible();
    cleanup();

    openProfile(profile(), {
      average: 4.8,
      count: 12,
      reviews: [
        {
          id: "r1",
          raterId: "u9",
          raterName: "Kunal Shah",
          itemName: "Realme Buds Air 5",
          stars: 4,
          comment: "On time, item as described.",
          createdAt: "2026-11-20T10:00:00.000Z",
        },
      ],
    });
    const listed = await screen.findByRole("region", { name: "Reviews" });
    expect(await within(listed).findByText("4.8 ★ · 12 ratings")).toBeVisible();
    expect(within(listed).getByText("Kunal Shah")).toBeVisible();
    expect(within(listed).getByText("Realme Buds Air 5")).toBeVisible();
    expect(within(listed).getByText("4 of 5 stars")).toBeInTheDocument();
    expect(within(listed).getByText("On time, item as described.")).toBeVisible();
    expect(within(listed).getByText("20 Nov 2026")).toBeVisible();
  });

  it("says no reply time when the seller usually takes longer than a day", async () => {
    openProfile(profile(), { replyMinutes: 24 * 60 + 30, itemsSold: 1 });
    expect(await screen.findByText("Items sold: 1")).toBeVisible();
    expect(screen.queryByText(/Usually replies/)).toBeNull();
  });

  it("says 'Mobile number hidden' when the person's privacy keeps the number from me", async () => {
    openProfile(profile());
    expect(await screen.findByText("Mobile number hidden")).toBeVisible();
    expect(screen.getByText("E-mail address hidden")).toBeVisible();
    expect(screen.queryByRole("link", { name: /^\d+$/ })).toBeNull();
  });

  it("Block asks first with the confirmation's words, then blocks", async () => {
    const user = userEvent.setup();
    const api = openProfile(profile());
    await user.click(await screen.findByRole("button", { name: "Block" }));
    const dialog = screen.getByRole("dialog");
    expect(dialog).toHaveTextContent(
      "Block Rohit Kale? They won't be able to message you, and you won't see their listings.",
    );
    // Cancel blocks nobody.
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(api.requests.some((request) => request.path === "/api/users/u2/block")).toBe(false);
    await user.click(screen.getByRole("button", { name: "Block" }));
    await user.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Block" }));
    await vi.waitFor(() =>
      expect(api.requests).toContainEqual({ path: "/api/users/u2/block", method: "PUT", body: undefined }),
    );
  });

  it("once blocked, offers Unblock without asking, and says the person is blocked", async () => {
    const user = userEvent.setup();
    const api = openProfile(
      profile({
        isBlocked: true,
        profile: {
          ...profile().profile,
          abilities: { canEdit: false, canFollow: false, canReport: true, canBlock: true },
        },
      }),
    );
    expect(await screen.findByText("Rohit Kale is blocked.")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Follow" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Unblock" }));
    await vi.waitFor(() =>
      expect(api.requests).toContainEqual({ path: "/api/users/u2/block", method: "DELETE", body: undefined }),
    );
  });
});
