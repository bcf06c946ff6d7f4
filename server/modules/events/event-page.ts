import type { PublicEvent } from "@shared/api/public-events";
import { matchesRoutePattern } from "@shared/app-routes";
import { PUBLIC_EVENT_TEXTS, publicEventCalendarPath, publicEventPath } from "@shared/events-constants";
import type { AppContext } from "../../context";
import { AppError } from "../../lib/app-error";
import { escapeHtml } from "../../lib/escape-html";
import { publicEvent } from "./events.service";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NEUTRAL_TITLE = "Events & Hackathons · Campus Bazaar";
/** Link previews cut the description short; WhatsApp shows about two lines. */
const PREVIEW_DESCRIPTION_MAX = 200;

const whenFormat = new Intl.DateTimeFormat("en-IN", {
  timeZone: "UTC",
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** The event's wall clock in India, '12 Dec 2026, 10:00 am' with the weekday. */
export function eventWhen(event: Pick<PublicEvent, "date" | "time">): string {
  const value = new Date(`${event.date}T${event.time}:00Z`);
  return Number.isNaN(value.getTime()) ? `${event.date} ${event.time}` : whenFormat.format(value);
}

async function findPublicEvent(ctx: Pick<AppContext, "db">, id: string) {
  if (!UUID.test(id)) return undefined;
  try {
    return await publicEvent(ctx, id);
  } catch (error) {
    if (error instanceof AppError && error.code === "not_found") return undefined;
    throw error;
  }
}

function shortened(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= max ? flat : `${flat.slice(0, max - 1).trimEnd()}…`;
}

/** A sentence ends with its stop: 'Exams moved' reads 'Exams moved.'. */
const sentence = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** The preview's title: a cancelled event's says so first, so a share does not advertise it. */
function previewTitle(event: PublicEvent): string {
  return event.isCancelled ? `${PUBLIC_EVENT_TEXTS.cancelled}: ${event.title}` : event.title;
}

/**
 * '{date and time} · {venue}, {college}. {description}'; a cancelled event's gives the reason first
 * and leaves out the description.
 */
function previewDescription(event: PublicEvent): string {
  const whenAndWhere = `${eventWhen(event)} · ${event.venue}, ${event.college}.`;
  if (!event.isCancelled) return shortened(`${whenAndWhere} ${event.description}`, PREVIEW_DESCRIPTION_MAX);
  const reason = event.cancelReason?.trim();
  const cancelled = reason
    ? `${PUBLIC_EVENT_TEXTS.cancelled}: ${sentence(reason)}`
    : `${PUBLIC_EVENT_TEXTS.cancelled}.`;
  return shortened(`${cancelled} ${whenAndWhere}`, PREVIEW_DESCRIPTION_MAX);
}

/**
 * The link-preview tags of an event's page /events/{id} (Open Graph, for WhatsApp, and the Twitter
 * card): the title, '{date and time} · {venue}, {college}', the poster and the canonical address
 * ('Cancelled: {title}' and the reason for a cancelled event);
 * a neutral card for an unknown event. For a signed-out visitor, the page itself as HTML without
 * the app (eventPageBody). Null for any other address.
 */
export async function eventPreviewPage(
  ctx: Pick<AppContext, "db" | "config">,
  pathname: string,
  isSignedOut: boolean,
): Promise<{ head: string; body: string | null } | null> {
  if (!matchesRoutePattern("/events/:eventId", pathname)) return null;
  const id = (pathname.split("/").filter(Boolean)[1] ?? "").toLowerCase();
  const origin = new URL(ctx.config.publicUrl).origin;
  const event = await findPublicEvent(ctx, id);
  const canonical = `${origin}${publicEventPath(id)}`;
  const title = event ? previewTitle(event) : NEUTRAL_TITLE;
  const description = event ? previewDescription(event) : PUBLIC_EVENT_TEXTS.neutralDescription;
  const tags: [string, string, string][] = [
    ["property", "og:title", title],
    ["property", "og:description", description],
    ["property", "og:type", event ? "article" : "website"],
    ["property", "og:url", canonical],
    ["property", "og:site_name", "Campus Bazaar"],
    ["name", "twitter:card", event ? "summary_large_image" : "summary"],
    ["name", "twitter:title", title],
    ["name", "twitter:description", description],
  ];
  if (event) tags.push(["property", "og:image", event.image], ["name", "twitter:image", event.image]);
  const head = [
    `<link rel="canonical" href="${escapeHtml(canonical)}" />`,
    ...tags.map(([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeHtml(content)}" />`),
  ].join("\n    ");
  return { head, body: isSignedOut && event ? eventPageBody(event) : null };
}

/**
 * What a signed-out visitor who opens a shared event link reads, as HTML without the app: the
 * poster, title, time, place, organiser, interested count and description, with 'Sign in to mark
 * Interested' and 'Create Free Account', both bringing them back to the event once they are in.
 * 'Add to calendar' downloads the event's public calendar file while the event is still to come;
 * a cancelled event says so with its reason.
 */
export function eventPageBody(event: PublicEvent): string {
  const from = encodeURIComponent(publicEventPath(event.id));
  // Only classes the app's own screens use: its stylesheet is built from web/ alone.
  const button =
    "inline-flex min-h-11 items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold";
  const isOpen = !event.hasEnded && !event.isCancelled;
  const register =
    event.registrationUrl && !event.isCancelled
      ? `<a href="${escapeHtml(event.registrationUrl)}" rel="noopener noreferrer" target="_blank" class="${button} border border-slate-300 bg-white text-slate-800">Register Now</a>`
      : "";
  const addToCalendar = isOpen
    ? `<a href="${escapeHtml(publicEventCalendarPath(event.id))}" class="${button} border border-slate-300 bg-white text-slate-800">${escapeHtml(PUBLIC_EVENT_TEXTS.addToCalendar)}</a>`
    : "";
  const cancelled = event.isCancelled
    ? `<p class="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800"><strong class="font-semibold">${escapeHtml(PUBLIC_EVENT_TEXTS.cancelled)}</strong>${event.cancelReason ? escapeHtml(`: ${event.cancelReason}`) : ""}</p>`
    : "";
  const ended = event.hasEnded
    ? `<p class="font-medium text-amber-800">${escapeHtml(PUBLIC_EVENT_TEXTS.ended)}</p>`
    : "";
  return `<main id="main" tabindex="-1" class="mx-auto w-full max-w-md space-y-4 px-4 py-6">
      <p class="text-lg font-bold text-indigo-700"><a href="/">Campus Bazaar</a></p>
      <article class="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <img src="${escapeHtml(event.image)}" alt="Poster of ${escapeHtml(event.title)}" class="aspect-[16/9] w-full bg-slate-100 object-cover" />
        <div class="space-y-2 p-4">
          <h1 class="text-2xl font-bold break-words text-slate-900">${escapeHtml(event.title)}</h1>
          ${cancelled}
          ${ended}
          <p class="font-medium text-slate-900"><time datetime="${escapeHtml(`${event.date}T${event.time}+05:30`)}">${escapeHtml(eventWhen(event))}</time></p>
          <p class="break-words text-slate-700">${escapeHtml(`${event.venue}, ${event.city}`)}</p>
          <p class="break-words text-slate-700">${escapeHtml(PUBLIC_EVENT_TEXTS.organisedBy(event.organizer, event.college))}</p>
          <p class="text-slate-700">${escapeHtml(PUBLIC_EVENT_TEXTS.interested(event.interestedCount))}</p>
          <p class="line-clamp-6 break-words whitespace-pre-line text-slate-700">${escapeHtml(event.description)}</p>
        </div>
      </article>
      <div class="flex flex-col gap-2">
        <a href="/login?from=${from}" class="${button} bg-indigo-700 text-white">${escapeHtml(PUBLIC_EVENT_TEXTS.signInToMarkInterested)}</a>
        ${addToCalendar}
        <a href="/signup?from=${from}" class="${button} border border-slate-300 bg-white text-slate-800">${escapeHtml(PUBLIC_EVENT_TEXTS.createAccount)}</a>
        ${register}
      </div>
    </main>`;
}
