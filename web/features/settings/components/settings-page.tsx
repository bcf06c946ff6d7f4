import { BackButton } from "../../../components/ui/back-button";
import { useSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useSettingsBanner } from "../hooks/use-settings-banner";
import { ChangePasswordSection } from "./change-password-section";
import { HolidayModeSection } from "./holiday-mode-section";
import { SettingsBanner } from "./settings-banner";
import { SignedInDevicesSection } from "./signed-in-devices-section";
import { UpdateNameSection } from "./update-name-section";

/**
 * /settings: Update Name, Change Password, Holiday Mode and where the user is signed in, with one
 * shared message banner.
 */
export function SettingsPage() {
  useDocumentTitle("Settings");
  const { user } = useSession();
  const { banner, show, dismiss } = useSettingsBanner();
  // The student route guard only renders this page for a signed-in student.
  if (!user) return null;

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-8">
      <BackButton />
      <h1 className="mt-4 text-2xl font-bold text-slate-900">Settings</h1>
      <SettingsBanner banner={banner} onDismiss={dismiss} />
      <div className="mt-6 space-y-6">
        <UpdateNameSection user={user} onResult={show} />
        <ChangePasswordSection onResult={show} />
        <HolidayModeSection user={user} onResult={show} />
        <SignedInDevicesSection onResult={show} />
      </div>
    </div>
  );
}
