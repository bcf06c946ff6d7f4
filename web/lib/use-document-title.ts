import { useEffect } from "react";

const APP_NAME = "Campus Bazaar";

/** Sets the tab title for the current page, e.g. "Sign in | Campus Bazaar". */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} | ${APP_NAME}` : APP_NAME;
  }, [title]);
}
