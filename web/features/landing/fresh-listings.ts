/*
 * Fills the landing page's 'Fresh on campus' (fresh-on-campus-section.tsx draws it empty) with the
 * newest listings as public teasers: photo, name, price and the college's short name, each a link
 * to the item's teaser (/item/{id}, which a signed-out visitor sees without the seller). The city
 * the visitor picks is remembered on the device and narrows the list ('Listings in {city}').
 * Plain DOM, as the landing page runs without React.
 */
// Only types come from elsewhere: the landing page stays one small script, sharing no chunk with
// the app (which draws the same section with React, fresh-on-campus-section.tsx).
import type { FreshListingsResponse } from "@shared/api/listings";

/** Where the visitor's city is remembered (the app's section reads the same key). */
export const FRESH_CITY_KEY = "cb-fresh-city";

/** '₹1,25,000', as the app writes a price (shared/rupees.ts). */
const rupees = (price: number) => `₹${new Intl.NumberFormat("en-IN").format(price)}`;

/** 'Fresh on campus' from the server, of one city when given; null when it cannot be had. */
async function getFreshListings(city: string): Promise<FreshListingsResponse | null> {
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

function savedCity(): string {
  try {
    return localStorage.getItem(FRESH_CITY_KEY) ?? "";
  } catch {
    return "";
  }
}

function saveCity(city: string): void {
  try {
    if (city) localStorage.setItem(FRESH_CITY_KEY, city);
    else localStorage.removeItem(FRESH_CITY_KEY);
  } catch {
    // Private windows may refuse storage: the choice then lasts for this page only.
  }
}

function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  className: string,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

function card(item: FreshListingsResponse["items"][number]): HTMLLIElement {
  const li = document.createElement("li");
  const link = element(
    "a",
    "block h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700",
  );
  link.href = `/item/${encodeURIComponent(item.id)}`;
  const image = element("img", "aspect-[4/3] w-full bg-slate-100 object-cover");
  image.src = `${item.productImage}${item.productImage.includes("?") ? "&" : "?"}variant=thumb`;
  image.alt = "";
  image.loading = "lazy";
  image.decoding = "async";
  const body = element("div", "space-y-0.5 p-2");
  body.append(
    element("p", "text-base font-bold text-indigo-700", rupees(item.price)),
    element("p", "line-clamp-2 text-sm leading-5 font-semibold break-words text-slate-900", item.productName),
    element("p", "truncate text-xs text-slate-600", item.collegeShortName),
  );
  link.append(image, body);
  li.append(link);
  return li;
}

/** Draws the answer: the cities to pick from, the heading and the cards. */
function draw(section: HTMLElement, answer: FreshListingsResponse | null): void {
  const select = section.querySelector<HTMLSelectElement>("[data-fresh-city]");
  const heading = section.querySelector<HTMLElement>("[data-fresh-heading]");
  const list = section.querySelector<HTMLElement>("[data-fresh-list]");
  const status = section.querySelector<HTMLElement>("[data-fresh-status]");
  if (!select || !heading || !list || !status) return;
  if (!answer) {
    status.textContent = "Could not load the newest listings.";
    return;
  }
  if (select.options.length <= 1) {
    for (const city of answer.cities) {
      const option = document.createElement("option");
      option.value = city;
      option.textContent = city;
      select.append(option);
    }
  }
  select.value = answer.city ?? "";
  heading.textContent = answer.city ? `Listings in ${answer.city}` : "Newest across India";
  list.replaceChildren(...answer.items.map(card));
  status.textContent =
    answer.items.length === 0
      ? `Nothing for sale in ${answer.city ?? "India"} yet. Be the first to sell!`
      : "";
}

/** Starts 'Fresh on campus' in its section: asks once, and again whenever the city changes. */
export function startFreshListings(section: HTMLElement | null): void {
  if (!section || section.dataset.freshStarted) return;
  section.dataset.freshStarted = "true";
  const select = section.querySelector<HTMLSelectElement>("[data-fresh-city]");
  const show = async (city: string) => {
    let answer = await getFreshListings(city);
    // A remembered city the directory no longer lists: back to all of India.
    if (!answer && city) {
      saveCity("");
      answer = await getFreshListings("");
    }
    draw(section, answer);
  };
  select?.addEventListener("change", () => {
    saveCity(select.value);
    void show(select.value);
  });
  void show(savedCity());
}
