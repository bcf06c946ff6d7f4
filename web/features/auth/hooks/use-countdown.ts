import { useEffect, useState } from "react";

/** Whole seconds left until `endsAt` (epoch ms), re-rendering once a second; 0 when none or past. */
export function useCountdown(endsAt: number | null): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (endsAt === null) return;
    const timer = window.setInterval(() => setTick((tick) => tick + 1), 1000);
    return () => window.clearInterval(timer);
  }, [endsAt]);
  // Read the clock at render so a freshly set deadline never shows a stale figure.
  return endsAt === null ? 0 : Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
}
