import { ReportButton } from "../../../components/report/report-button";

/**
 * 'Report' for one message, opening 'Report this message': for anything that shows a message
 * outside its menu (a warning under a flagged message, say).
 */
export function ReportMessageButton({ messageId, className }: { messageId: string; className?: string }) {
  return <ReportButton target={{ type: "message", id: messageId }} {...(className ? { className } : {})} />;
}
