import { SETTINGS_BANNER_MS } from "@shared/validation/settings";
import { useCallback, useEffect, useState } from "react";

export type BannerTone = "success" | "error";

export interface Banner {
  tone: BannerTone;
  message: string;
  /** Changes with every message, so the same text shown twice restarts the timer. */
  id: number;
}

export type ShowBanner = (tone: BannerTone, message: string) => void;

/** The one message area of Settings: the latest result, hidden after five seconds (spec 8, 9). */
export function useSettingsBanner() {
  const [banner, setBanner] = useState<Banner | null>(null);

  useEffect(() => {
    if (!banner) return;
    const timer = window.setTimeout(() => setBanner(null), SETTINGS_BANNER_MS);
    return () => window.clearTimeout(timer);
  }, [banner]);

  const show: ShowBanner = useCallback((tone, message) => {
    setBanner((previous) => ({ tone, message, id: (previous?.id ?? 0) + 1 }));
  }, []);
  const dismiss = useCallback(() => setBanner(null), []);

  return { banner, show, dismiss };
}
