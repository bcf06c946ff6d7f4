import type { FreshListingsResponse } from "@shared/api/listings";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { freshListingsQueryOptions } from "./api/get-fresh-listings";
import { container } from "./styles";

/** The landing page's script remembers the city under the same key (fresh-listings.ts). */
const FRESH_CITY_KEY = "cb-fresh-city";

/**
 * 'Fresh on campus' inside the app: asks for its listings itself, remembering the city picked.
 * (The landing page the server sends draws FreshOnCampusSection empty and fills it with its script.)
 */
export function LiveFreshOnCampus() {
  const [city, setCity] = useState(() => {
    try {
      return localStorage.getItem(FRESH_CITY_KEY) ?? "";
    } catch {
      return "";
    }
  });
  const query = useQuery(freshListingsQueryOptions(city));

  function pick(next: string) {
    setCity(next);
    try {
      if (next) localStorage.setItem(FRESH_CITY_KEY, next);
      else localStorage.removeItem(FRESH_CITY_KEY);
    } catch {
      // The choice then lasts for this page only.
    }
  }

  return <FreshOnCampusSection answer={query.data} city={city} onPick={pick} />;
}

interface FreshOnCampusSectionProps {
  /** The listings; none while they are asked for, or in the HTML the build writes. */
  answer?: FreshListingsResponse;
  city?: string;
  onPick?: (city: string) => void;
}

/**
 * 'Fresh on campus': the newest listings as public teasers (photo, name, price, college), of the
 * visitor's city once picked ('Listings in {city}'), each leading to the item's teaser. The build
 * writes it empty into the landing page's HTML, where fresh-listings.ts fills it.
 */
export function FreshOnCampusSection({ answer, city, onPick }: FreshOnCampusSectionProps) {
  const isLive = onPick !== undefined;
  return (
    <section data-fresh aria-labelledby="fresh-heading" className="bg-white py-10 sm:py-14">
      <div className={container}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="fresh-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              Fresh on campus
            </h2>
            <p data-fresh-heading className="mt-1 text-slate-700">
              {answer?.city ? `Listings in ${answer.city}` : "Newest across India"}
            </p>
          </div>
          <div>
            <label htmlFor="fresh-city" className="mb-1 block text-sm font-medium text-slate-800">
              Your city
            </label>
            <select
              id="fresh-city"
              data-fresh-city
              value={isLive ? city : undefined}
              defaultValue={isLive ? undefined : ""}
              onChange={onPick ? (event) => onPick(event.target.value) : undefined}
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
            >
              <option value="">All of India</option>
              {(answer?.cities ?? []).map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        </div>
        <p data-fresh-status aria-live="polite" className="mt-4 text-sm text-slate-600">
          {answer && answer.items.length === 0
            ? `Nothing for sale in ${answer.city ?? "India"} yet. Be the first to sell!`
            : null}
        </p>
        {/* Room for a row of cards before they arrive, so the page below does not jump. */}
        <ul
          data-fresh-list
          aria-label="Fresh on campus"
          className="mt-2 grid min-h-56 grid-cols-2 gap-3 sm:grid-cols-4"
        >
          {(answer?.items ?? []).map((item) => (
            <FreshCard key={item.id} item={item} />
          ))}
        </ul>
      </div>
    </section>
  );
}

/** One teaser, as fresh-listings.ts draws it on the landing page. */
function FreshCard({ item }: { item: FreshListingsResponse["items"][number] }) {
  return (
    <li>
      <a
        href={`/item/${encodeURIComponent(item.id)}`}
        className="block h-full overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-700"
      >
        <img
          src={`${item.productImage}${item.productImage.includes("?") ? "&" : "?"}variant=thumb`}
          alt=""
          loading="lazy"
          decoding="async"
          className="aspect-[4/3] w-full bg-slate-100 object-cover"
        />
        <div className="space-y-0.5 p-2">
          <p className="text-base font-bold text-indigo-700">{`₹${new Intl.NumberFormat("en-IN").format(item.price)}`}</p>
          <p className="line-clamp-2 text-sm leading-5 font-semibold break-words text-slate-900">
            {item.productName}
          </p>
          <p className="truncate text-xs text-slate-600">{item.collegeShortName}</p>
        </div>
      </a>
    </li>
  );
}
