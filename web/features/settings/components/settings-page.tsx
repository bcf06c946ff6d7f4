import { SETTINGS_BANNER_MS } from "@shared/validation/settings";
import { Suspense } from "react";
import { BackButton } from "../../../components/ui/back-button";
import { Notice, useNotice } from "../../../components/ui/notice";
import { InlineLoading } from "../../../components/ui/page-loading";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { useSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ChangePasswordSection } from "./change-password-section";
import { HolidayModeSection } from "./holiday-mode-section";
import { SignedInDevicesSection } from "./signed-in-devices-section";
import { UpdateNameSection } from "./update-name-section";

const TrustSections = lazyWhenOnline(() =>
  import("./trust-sections").then((module) => ({ default: module.TrustSections })),
);
const CollegeRequestSection = lazyWhenOnline(() =>
  import("./college-request-section").then((module) => ({ default: module.CollegeRequestSection })),
);
const VerifyCollegeSection = lazyWhenOnline(() =>
  import("./verify-college-section").then((module) => ({ default: module.VerifyCollegeSection })),
);
const NotificationsSection = lazyWhenOnline(() =>
  import("./notifications-section").then((module) => ({ default: module.NotificationsSection })),
);

/**
 * /settings: Update Name, Change Password, Holiday Mode, Your college (its request), Verify your college, Privacy, Blocked users, Notifications and where the user
 * is signed in, with one shared message banner.
 */
export function SettingsPage() {
  useDocumentTitle("Settings");
  const { user } = useSession();
  // One banner for every section: the latest result, hidden after five seconds (spec 8, 9).
  const { notice, show, dismiss } = useNotice();
  // The student route guard only renders this page for a signed-in student.
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackButton />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Settings</h1>
      <Notice notice={notice} onDismiss={dismiss} hideAfterMs={SETTINGS_BANNER_MS} />
      <div className="mt-6 space-y-6">
        <UpdateNameSection user={user} onResult={show} />
        <ChangePasswordSection onResult={show} />
        <HolidayModeSection user={user} onResult={show} />
        <Suspense fallback={<InlineLoading />}>
          <CollegeRequestSection onResult={show} />
        </Suspense>
        <Suspense fallback={<InlineLoading />}>
          <VerifyCollegeSection onResult={show} />
        </Suspense>
        <Suspense fallback={<InlineLoading />}>
          <TrustSections onResult={show} />
        </Suspense>
        <Suspense fallback={<InlineLoading />}>
          <NotificationsSection onResult={show} />
        </Suspense>
        <SignedInDevicesSection onResult={show} />
      </div>
    </div>
  );
}
