import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { indiaDateTime, insertEvent } from "../../../tests/factories/events";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app";
import { createWebRoot } from "../../../tests/helpers/web-root";
import { type Actor, insertStudent } from "../../../tests/security/world";

/** Issue 40: /events/{id} is readable signed out, with link-preview tags for WhatsApp. */

let testApp: TestApp;
let removeWebRoot: () => Promise<void>;
let student: Actor;
beforeAll(async () => {
  const webRoot = await createWebRoot(
    '<!doctype html><html><head><title>Campus Bazaar</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>',
  );
  removeWebRoot = webRoot.remove;
  testApp = await createTestApp({}, { startWorkers: false, webRoot: webRoot.dir });
  student = await insertStudent(testApp, "Rohan Mehta");
});
afterAll(async () => {
  await testApp.close();
  await removeWebRoot();
});

const DAY = 24 * 60 * 60 * 1000;
const page = (url: string, cookie?: string) =>
  testApp.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

describe("GET /events/{id}", () => {
  it("sends a signed-out visitor the event as HTML without the app, with its Open Graph tags", async () => {
    const event = await insertEvent(testApp, {
      title: "Hack <Night> 2026",
      venue: "Lecture Hall 3",
      college: "IIT Bombay",
      organizer: "Student Council",
      image: "https://images.example.in/poster.jpg",
      date: "2099-02-14",
      time: "18:30",
    });
    const response = await page(`/events/${event.id}`);
    expect(response.statusCode).toBe(200);
    const html = response.body;
    const origin = "http://localhost:3000";
    expect(html).toContain('<meta property="og:title" content="Hack &lt;Night&gt; 2026" />');
    expect(html).toContain('<meta property="og:image" content="https://images.example.in/poster.jpg" />');
    expect(html).toContain(`<meta property="og:url" content="${origin}/events/${event.id}" />`);
    expect(html).toMatch(
      /<meta property="og:description" content="Sat, 14 Feb, 2099, 6:30 pm · Lecture Hall 3, IIT Bombay\. /,
    );
    expect(html).toContain("<h1");
    expect(html).toContain("Organised by Student Council, IIT Bombay");
    expect(html).toContain("0 students interested");
    expect(html).toContain(`href="/login?from=${encodeURIComponent(`/events/${event.id}`)}"`);
    expect(html).toContain("Sign in to mark Interested");
    // The calendar file needs no account.
    expect(html).toContain(`<a href="/api/public/events/${event.id}/calendar.ics"`);
    expect(html).toContain("Add to calendar</a>");
    // The app's scripts are left out: the page is what the visitor reads.
    expect(html).not.toContain('<div id="root"></div>');
    expect(html).not.toContain("/assets/app.js");
  });

  it("says a cancelled event is cancelled, with its reason, and offers no calendar file nor registration", async () => {
    const event = await insertEvent(testApp, {
      title: "Cancelled Fest",
      registrationUrl: "https://forms.example.in/fest",
      ...indiaDateTime(2 * DAY),
      cancelledAt: new Date(),
      cancelReason: "Exams <moved>.",
    });
    const html = (await page(`/events/${event.id}`)).body;
    expect(html).toContain('<strong class="font-semibold">Cancelled</strong>: Exams &lt;moved&gt;.');
    expect(html).not.toContain("Add to calendar");
    expect(html).not.toContain("Register Now");
    expect(html).toContain("Sign in to mark Interested");
  });

  it("gives a cancelled event's link preview 'Cancelled: {title}' and the reason, signed in or out", async () => {
    const event = await insertEvent(testApp, {
      title: "Robotics <Expo>",
      description: "Come build robots with us.",
      venue: "Open Air Theatre",
      college: "IIT Bombay",
      date: "2099-03-07",
      time: "10:00",
      cancelledAt: new Date(),
      cancelReason: "The venue is under repair",
    });
    for (const cookie of [undefined, student.cookie]) {
      const html = (await page(`/events/${event.id}`, cookie)).body;
      expect(html).toContain('<meta property="og:title" content="Cancelled: Robotics &lt;Expo&gt;" />');
      expect(html).toContain('<meta name="twitter:title" content="Cancelled: Robotics &lt;Expo&gt;" />');
      const description =
        "Cancelled: The venue is under repair. Sat, 7 Mar, 2099, 10:00 am · Open Air Theatre, IIT Bombay.";
      expect(html).toContain(`<meta property="og:description" content="${description}" />`);
      expect(html).toContain(`<meta name="twitter:description" content="${description}" />`);
      expect(html).not.toContain('Come build robots with us." />');
    }
  });

  it("sends a signed-in student the app, with the same tags", async () => {
    const event = await insertEvent(testApp, { title: "Design Sprint", ...indiaDateTime(2 * DAY) });
    const response = await page(`/events/${event.id}`, student.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<div id="root"></div>');
    expect(response.body).toContain('<meta property="og:title" content="Design Sprint" />');
    expect(response.body).not.toContain("Sign in to mark Interested");
  });

  it("gives an unknown event a neutral card and no poster", async () => {
    const response = await page(`/events/${randomUUID()}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(
      '<meta property="og:title" content="Events &amp; Hackathons · Campus Bazaar" />',
    );
    expect(response.body).not.toContain("og:image");
  });
});
