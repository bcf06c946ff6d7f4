import { useEffect, useRef } from "react";
import { startFreshListings } from "./fresh-listings";
import { container } from "./styles";

/**
 * 'Fresh on campus': the newest listings as public teasers, for anyone. Drawn empty (the build
 * writes it into the landing page's HTML) and filled by fresh-listings.ts, in the landing page's
 * script or, inside the app, once mounted.
 */
export function FreshOnCampusSection() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => startFreshListings(ref.current), []);
  return (
    <section ref={ref} data-fresh aria-labelledby="fresh-heading" className="bg-white py-10 sm:py-14">
      <div className={container}>
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="fresh-heading" className="text-2xl font-bold text-slate-900 sm:text-3xl">
              Fresh on campus
            </h2>
            <p data-fresh-heading className="mt-1 text-slate-700">
              Newest across India
            </p>
          </div>
          <div>
            <label htmlFor="fresh-city" className="mb-1 block text-sm font-medium text-slate-800">
              Your city
            </label>
            <select
              id="fresh-city"
              data-fresh-city
              defaultValue=""
              className="min-h-11 rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900"
            >
              <option value="">All of India</option>
            </select>
          </div>
        </div>
        <p data-fresh-status aria-live="polite" className="mt-4 text-sm text-slate-600" />
        {/* Room for a row of cards before they arrive, so the page below does not jump. */}
        <ul
          data-fresh-list
          aria-label="Fresh on campus"
          className="mt-2 grid min-h-56 grid-cols-2 gap-3 sm:grid-cols-4"
        />
      </div>
    </section>
  );
}
