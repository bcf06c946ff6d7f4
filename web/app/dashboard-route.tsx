import { DashboardPage } from "../features/dashboard/components/dashboard-page";
import { SupportTicketButtons } from "../features/tickets/components/support-ticket-buttons";

/** The dashboard with the support card's buttons, which belong to tickets, in their place. */
export function RoutedDashboardPage() {
  return <DashboardPage supportActions={<SupportTicketButtons />} />;
}
