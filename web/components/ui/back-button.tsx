import ArrowLeft from "lucide-react/icons/arrow-left";
import { useNavigate } from "react-router";
import { ghostButton } from "./button-styles";

/** React Router numbers its history entries; an index above 0 means we came from a page of this site. */
function hasInAppHistory(): boolean {
  const state = window.history.state as { idx?: unknown } | null;
  return typeof state?.idx === "number" && state.idx > 0;
}

interface BackButtonProps {
  /** Where to go when there is no previous page of this site. */
  fallback?: string;
  label?: string;
}

/** Goes back in history when the previous page is on this site, otherwise to the dashboard. */
export function BackButton({ fallback = "/dashboard", label = "Back" }: BackButtonProps) {
  const navigate = useNavigate();
  function handleClick() {
    if (hasInAppHistory()) navigate(-1);
    else navigate(fallback);
  }
  return (
    <button type="button" onClick={handleClick} className={`${ghostButton} -ml-2`}>
      <ArrowLeft className="size-4" />
      {label}
    </button>
  );
}
