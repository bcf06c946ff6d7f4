import { lazy, Suspense, useState } from "react";
import { InlineLoading } from "../components/ui/page-loading";
import type { MessageReport } from "../features/chats/components/chat-thread";
import { MessagesPage } from "../features/chats/components/messages-page";

// Loaded when a message is reported, not with the messages page.
const SupportTicketDialog = lazy(() =>
  import("../features/tickets/components/support-ticket-dialog").then((module) => ({
    default: module.SupportTicketDialog,
  })),
);

/** What the support team needs to find the message: who sent it, in which chat, and its words. */
function describeReport(report: MessageReport): string {
  const { message } = report;
  const content = message.type === "photo" ? "a photo" : `"${message.text}"`;
  return [
    `I am reporting a message from ${report.senderName} in our conversation about ${report.about}.`,
    `It was sent ${new Date(message.createdAt).toLocaleString("en-IN")} and said: ${content}`,
    `(message ${message.id}, conversation ${report.chatId})`,
  ].join("\n");
}

/**
 * Messages, with 'Report' under a flagged message opening a support ticket about it ('Safety
 * Concerns', the message named in the description), the way to reach the team that exists today.
 */
export function RoutedMessagesPage() {
  const [report, setReport] = useState<MessageReport | null>(null);
  return (
    <>
      <MessagesPage onReportMessage={setReport} />
      {report ? (
        <Suspense fallback={<InlineLoading />}>
          <SupportTicketDialog
            onClose={() => setReport(null)}
            initialPurpose="Safety Concerns"
            initialDescription={describeReport(report)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
