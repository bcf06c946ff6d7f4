import { withParams } from "@shared/search-params";
import { type ComponentType, Suspense } from "react";
import { useSearchParams } from "react-router";
import { PageLoading } from "../../../components/ui/page-loading";
import { Tabs } from "../../../components/ui/tabs";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { ADMIN_TABS, type AdminTabId, parseAdminTab } from "../admin-tabs";
import { AdminNoticeProvider } from "./admin-notice";
import { AdminOverview } from "./admin-overview";

const adminTabId = (id: AdminTabId) => `admin-tab-${id}`;
const adminPanelId = (id: AdminTabId) => `admin-panel-${id}`;

// Each tab loads when it is chosen (or named in ?tab=), the first one while the overview's counts
// load: the page itself stays within its JavaScript budget as tabs are added.
const PANELS: Record<AdminTabId, ComponentType> = {
  events: lazyWhenOnline(() => import("./events-tab").then((module) => ({ default: module.EventsTab }))),
  marketplace: lazyWhenOnline(() =>
    import("./marketplace-tab").then((module) => ({ default: module.MarketplaceTab })),
  ),
  users: lazyWhenOnline(() => import("./users-tab").then((module) => ({ default: module.UsersTab }))),
  colleges: lazyWhenOnline(() =>
    import("./colleges-tab").then((module) => ({ default: module.CollegesTab })),
  ),
  recruitment: lazyWhenOnline(() =>
    import("./recruitment-tab").then((module) => ({ default: module.RecruitmentTab })),
  ),
  tickets: lazyWhenOnline(() => import("./tickets-tab").then((module) => ({ default: module.TicketsTab }))),
  reports: lazyWhenOnline(() => import("./reports-tab").then((module) => ({ default: module.ReportsTab }))),
  verifications: lazyWhenOnline(() =>
    import("./verifications-tab").then((module) => ({ default: module.VerificationsTab })),
  ),
  audit: lazyWhenOnline(() => import("./audit-log-tab").then((module) => ({ default: module.AuditLogTab }))),
};

/** /admin: the overview counts, then the six sections of the spec, Reports and the audit log as tabs. */
export function AdminPage() {
  useDocumentTitle("Admin Panel");
  const [searchParams, setSearchParams] = useSearchParams();
  // The selected tab lives in ?tab=, so a reload or a shared link opens the same one.
  const selected = parseAdminTab(searchParams.get("tab"));
  const Panel = PANELS[selected];

  function handleSelect(id: AdminTabId) {
    setSearchParams((params) => withParams(params, { tab: id }), { replace: true });
  }

  return (
    <AdminNoticeProvider>
      <div className="mx-auto w-full max-w-6xl space-y-6 px-4 py-6 pb-28 sm:px-6 sm:py-8 sm:pb-28 lg:px-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">Admin Panel</h1>
        <AdminOverview />
        <div>
          <Tabs
            label="Admin sections"
            // On a phone the sections wrap onto rows: every one is in reach without scrolling sideways.
            className="max-sm:flex-wrap max-sm:overflow-visible"
            tabs={ADMIN_TABS}
            selected={selected}
            onSelect={handleSelect}
            tabId={adminTabId}
            // Only the shown panel exists, so only its tab points at it.
            panelId={adminPanelId}
          />
          <div
            role="tabpanel"
            id={adminPanelId(selected)}
            aria-labelledby={adminTabId(selected)}
            // biome-ignore lint/a11y/noNoninteractiveTabindex: the APG tabs pattern makes a panel a tab stop
            tabIndex={0}
            className="pt-6 focus-visible:outline-offset-4"
          >
            <Suspense fallback={<PageLoading />}>
              <Panel />
            </Suspense>
          </div>
        </div>
      </div>
    </AdminNoticeProvider>
  );
}
