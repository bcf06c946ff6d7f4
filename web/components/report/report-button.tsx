import { REPORT_TEXTS } from "@shared/reports-constants";
import Flag from "lucide-react/icons/flag";
import { useState } from "react";
import { ghostButton } from "../ui/button-styles";
import { ReportDialog, type ReportTarget } from "./report-dialog";

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
        {REPORT_TEXTS.action}
      </button>
      {isOpen ? <ReportDialog target={target} onClose={() => setIsOpen(false)} /> : null}
    </>
  );
}
