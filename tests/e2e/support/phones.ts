import type { Browser, BrowserContext, Page } from "playwright-core";
import { openDevice } from "../../helpers/browser";
import { baseUrl } from "../e2e-context";
import { type E2eStudent, signUpStudent } from "./students";

/** A student on a phone of their own. */
export interface Phone {
  context: BrowserContext;
  page: Page;
  errors: string[];
  student: E2eStudent;
}

/**
 * A signed-up student on a phone of their own (360x740, touch). Failed loads and socket drops are
 * not counted as page errors: the two-phone tests close and reopen pages while the other talks.
 */
export async function openPhone(browser: Browser, name: string): Promise<Phone> {
  const { context, page, errors } = await openDevice(
    browser,
    baseUrl,
    { viewport: { width: 360, height: 740 }, hasTouch: true, isMobile: true, deviceScaleFactor: 2 },
    /Failed to load resource|WebSocket/,
  );
  const student = await signUpStudent(page.request, { name });
  return { context, page, errors, student };
}
