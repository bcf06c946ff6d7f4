import path from "node:path";
import type { APIRequestContext, Page } from "playwright-core";
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from "../../helpers/e2e-global-setup";
import {
  type AdminFactor,
  completeSecondFactor,
  type FactorStore,
  fileFactorStore,
  nextCode,
} from "../../helpers/second-factor";
import { dataDir } from "../e2e-context";

/**
 * The administrator's authenticator for a server: set up by whichever test signs in first, then
 * kept in a file beside the server's data, as the app on a phone keeps it between sign-ins.
 */
export function adminFactorStore(serverDataDir = dataDir): FactorStore {
  return fileFactorStore(path.join(serverDataDir, "e2e-admin-second-factor.json"));
}

export interface AdminSignIn {
  email?: string;
  password?: string;
  store?: FactorStore;
}

/**
 * Signs the administrator in through the login page as a person would: the password, then at the
 * first sign-in the setup (the key read as text off the page, the first code, the recovery codes
 * read and kept), later a code of the authenticator. Ends on /admin.
 */
export async function signInAdminInBrowser(page: Page, options: AdminSignIn = {}): Promise<AdminFactor> {
  const store = options.store ?? adminFactorStore();
  await page.goto("/login");
  await page.getByLabel("Email address").fill(options.email ?? E2E_ADMIN_EMAIL);
  await page.getByLabel("Password", { exact: true }).fill(options.password ?? E2E_ADMIN_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  const codeField = page.getByLabel("Authentication code");
  await codeField.waitFor();

  const keyBox = page.getByRole("region", { name: "Can't scan? Enter this key" });
  const isSetup = (await keyBox.count()) > 0;
  const secret = isSetup ? ((await keyBox.locator("code").textContent()) ?? "").replace(/\s+/g, "") : null;
  const factor = secret ? { secret, lastStep: -1, recoveryCodes: [] } : store.load();
  if (!factor) throw new Error("the administrator's second factor is set up, but no test kept its key");

  const code = await nextCode(factor);
  if (/^\d{6}$/.test(code)) {
    await codeField.fill(code);
  } else {
    await page.getByRole("button", { name: "Use a recovery code instead" }).click();
    await page.getByLabel("Recovery code").fill(code);
  }
  await page.getByRole("button", { name: "Verify" }).click();
  if (isSetup) {
    const list = page.getByRole("list", { name: "Recovery codes" });
    await list.waitFor();
    factor.recoveryCodes = (await list.getByRole("listitem").allTextContents()).map((text) => text.trim());
    store.save(factor);
    await page.getByRole("button", { name: "Continue to admin panel" }).click();
  } else {
    store.save(factor);
  }
  await page.waitForURL("**/admin");
  return factor;
}

/** Signs the administrator in through the API in a browser context (both steps); its cookie stays there. */
export async function signInAdminByRequest(request: APIRequestContext, origin: string): Promise<void> {
  const login = await request.post("/api/auth/login", {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
    headers: { origin },
  });
  if (login.status() !== 200) throw new Error(`admin password step: ${login.status()}`);
  const { secondFactor } = await login.json();
  await completeSecondFactor(secondFactor, adminFactorStore(), async (body) => {
    const answer = await request.post("/api/auth/second-factor", { data: body, headers: { origin } });
    const json = answer.status() === 200 ? await answer.json() : null;
    return { status: answer.status(), recoveryCodes: json?.recoveryCodes ?? null, response: answer };
  });
}
