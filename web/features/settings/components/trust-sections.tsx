import type { ShowNotice } from "../../../components/ui/notice";
import { BlockedUsersSection } from "./blocked-users-section";
import { PrivacySection } from "./privacy-section";

/** 'Privacy' and 'Blocked users', loaded after the rest of Settings (their own chunk). */
export function TrustSections({ onResult }: { onResult: ShowNotice }) {
  return (
    <>
      <PrivacySection onResult={onResult} />
      <BlockedUsersSection onResult={onResult} />
    </>
  );
}
