import { SIGNUP_BLOCK_SECONDS, SIGNUP_BLOCK_WINDOW_MS, SIGNUP_MAX_FAILURES } from "@shared/constants";
import { useCallback, useEffect, useState } from "react";
import { useCountdown } from "./use-countdown";

/** The browser record of failed signups (spec: local storage, {count, timestamp}). */
const STORAGE_KEY = "signupAttempts";

interface AttemptRecord {
  count: number;
  /** First failure of the window while counting; the moment of the block once blocked. */
  timestamp: number;
}

function readRecord(): AttemptRecord | null {
  try {
    const parsed = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "null") as Partial<AttemptRecord> | null;
    if (typeof parsed?.count === "number" && typeof parsed.timestamp === "number") {
      return { count: parsed.count, timestamp: parsed.timestamp };
    }
  } catch {
    // Unreadable or unavailable storage counts as no record.
  }
  return null;
}

function writeRecord(record: AttemptRecord): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify(record));
  } catch {
    // Private modes may refuse storage; the server's rate limit still protects signup.
  }
}

function clearRecord(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // See writeRecord.
  }
}

/** When a block read at page load ends, or null; a record older than the window is dropped. */
function initialBlockEnd(): number | null {
  const record = readRecord();
  if (!record) return null;
  if (Date.now() - record.timestamp > SIGNUP_BLOCK_WINDOW_MS) {
    clearRecord();
    return null;
  }
  return record.count >= SIGNUP_MAX_FAILURES ? record.timestamp + SIGNUP_BLOCK_SECONDS * 1000 : null;
}

export interface SignupBlock {
  isBlocked: boolean;
  remainingSeconds: number;
  /** Counts one failed attempt; true when it starts a block. */
  recordFailure: () => boolean;
  clear: () => void;
}

/** Three failed signups within 15 minutes block the form for 15 minutes, counted down each second. */
export function useSignupBlock(): SignupBlock {
  const [endsAt, setEndsAt] = useState<number | null>(initialBlockEnd);
  const remainingSeconds = useCountdown(endsAt);

  useEffect(() => {
    if (endsAt !== null && remainingSeconds === 0) {
      clearRecord();
      setEndsAt(null);
    }
  }, [endsAt, remainingSeconds]);

  const recordFailure = useCallback(() => {
    const now = Date.now();
    const previous = readRecord();
    const isFresh = previous !== null && now - previous.timestamp <= SIGNUP_BLOCK_WINDOW_MS;
    const count = (isFresh ? previous.count : 0) + 1;
    if (count >= SIGNUP_MAX_FAILURES) {
      writeRecord({ count, timestamp: now });
      setEndsAt(now + SIGNUP_BLOCK_SECONDS * 1000);
      return true;
    }
    writeRecord({ count, timestamp: isFresh ? previous.timestamp : now });
    return false;
  }, []);

  const clear = useCallback(() => {
    clearRecord();
    setEndsAt(null);
  }, []);

  return { isBlocked: endsAt !== null, remainingSeconds, recordFailure, clear };
}
