/*
 * The browser's offer to install the app, as the menus see it: web/pwa/register.ts (loaded after
 * the page) keeps the beforeinstallprompt event and sets window.installApp while it can be used.
 * The avatar menu and the phone menu read it each time they open, so no page pays for listening.
 */
declare global {
  interface Window {
    installApp?: () => void;
  }
}

export {};
