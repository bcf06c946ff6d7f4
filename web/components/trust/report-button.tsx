import { REPORT_ACTION } from "@shared/report-action";
import Flag from "lucide-react/icons/flag";
import { Suspense, useState } from "react";
import { lazyWhenOnline } from "../../lib/import-when-online";
import { ghostButton } from "../ui/button-styles";
import type { ReportTarget } from "./report-dialog";

// The dialog and its form load when 'Report' is pressed, not with the page that shows the button.
const ReportDialog = lazyWhenOnline(() =>
  import("./report-dialog").then((module) => ({ default: module.ReportDialog })),
);

interface ReportButtonProps {
  target: ReportTarget;
  className?: string;
}

/** 'Report' with a flag; opens the report dialog for its target. */
export function ReportButton({ target, className = ghostButton }: ReportButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setIsOpen(true)} className={className}>
        <Flag aria-hidden="true" className="size-4" />
        {REPORT_ACTION}
      </button>
      {isOpen ? (
        <Suspense fallback={null}>
          <ReportDialog target={target} onClose={() => setIsOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
