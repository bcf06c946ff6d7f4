import fs from "node:fs";
import type { SecondFactorBody, SecondFactorChallenge } from "@shared/api/auth";
import { generate } from "otplib";

const PERIOD_SECONDS = 30;

/**
 * What an administrator keeps after setting up the second factor: the key their authenticator app
 * holds (read from the setup answer, as from the screen), the last step a code was used for, and
 * the recovery codes not used yet.
 */
export interface AdminFactor {
  secret: string;
  lastStep: number;
  recoveryCodes: string[];
}

/** Where a test keeps the factor of one database or server between sign-ins. */
export interface FactorStore {
  load(): AdminFactor | undefined;
  save(factor: AdminFactor): void;
}

export function memoryFactorStore(): FactorStore {
  let factor: AdminFactor | undefined;
  return {
    load: () => factor,
    save: (next) => {
      factor = next;
    },
  };
}

/** For servers that several test files (separate processes) sign in to: a JSON file beside them. */
export function fileFactorStore(file: string): FactorStore {
  return {
    load: () =>
      fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as AdminFactor) : undefined,
    save: (factor) => fs.writeFileSync(file, JSON.stringify(factor)),
  };
}

const currentStep = () => Math.floor(Date.now() / 1000 / PERIOD_SECONDS);

export function totpCode(secret: string, step = currentStep()): Promise<string> {
  return generate({ secret, epoch: step * PERIOD_SECONDS });
}

/**
 * A code the server has not seen: the app's code for now or the next step (the server allows a
 * step of drift), else a recovery code (unless told not to), else it waits for the next step.
 * A code works once.
 */
export async function nextCode(factor: AdminFactor, options = { useRecoveryCodes: true }): Promise<string> {
  for (;;) {
    const now = currentStep();
    const step = Math.max(factor.lastStep + 1, now);
    if (step <= now + 1) {
      factor.lastStep = step;
      return totpCode(factor.secret, step);
    }
    const recovery = options.useRecoveryCodes ? factor.recoveryCodes.shift() : undefined;
    if (recovery) return recovery;
    await new Promise((resolve) =>
      setTimeout(resolve, (step - 1) * PERIOD_SECONDS * 1000 - Date.now() + 100),
    );
  }
}

export interface SecondFactorAnswer<T> {
  status: number;
  recoveryCodes: string[] | null;
  response: T;
}

/**
 * Completes the administrator's second step as a person with an authenticator app would: sets it
 * up on the first sign-in (keeping the key and the recovery codes in `store`), enters a code later.
 */
export async function completeSecondFactor<T>(
  challenge: SecondFactorChallenge,
  store: FactorStore,
  send: (body: SecondFactorBody) => Promise<SecondFactorAnswer<T>>,
): Promise<T> {
  let factor = store.load();
  if (challenge.method === "setup") {
    if (!challenge.setup) throw new Error("a setup challenge without a key");
    factor = { secret: challenge.setup.secret, lastStep: -1, recoveryCodes: [] };
  }
  if (!factor) throw new Error("the second factor is set up, but this test never saw its key");
  const code = await nextCode(factor);
  const answer = await send({ challenge: challenge.challenge, code });
  if (answer.status !== 200) throw new Error(`the second step failed: ${answer.status}`);
  if (answer.recoveryCodes) factor.recoveryCodes = answer.recoveryCodes;
  store.save(factor);
  return answer.response;
}
