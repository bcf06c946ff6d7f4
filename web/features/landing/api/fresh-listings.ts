import type { FreshListingsResponse } from "@shared/api/listings";

/**
 * 'Fresh on campus' from the server, of one city when given; null when it cannot be had (offline,
 * refused). A plain fetch: the landing page carries none of the app's request code.
 */
export async function getFreshListings(city: string): Promise<FreshListingsResponse | null> {
  const query = city ? `?${new URLSearchParams({ city })}` : "";
  try {
    const response = await fetch(`/api/public/fresh-listings${query}`, {
      credentials: "same-origin",
      headers: { Accept: "application/json" },
    });
    return response.ok ? ((await response.json()) as FreshListingsResponse) : null;
  } catch {
    return null;
  }
}
