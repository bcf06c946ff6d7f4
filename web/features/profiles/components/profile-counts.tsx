import type { Profile } from "@shared/api/profiles";
import type { ReactNode } from "react";

const tileClasses =
  "flex flex-col items-center justify-center rounded-xl border border-slate-200 bg-white p-3";

function CountTile({ value, label }: { value: number; label: string }) {
  return (
    <>
      <span className="text-2xl font-bold text-slate-900 tabular-nums">{value}</span>
      <span className="text-xs font-medium text-slate-600 sm:text-sm">{label}</span>
    </>
  );
}

interface ProfileCountsProps {
  counts: Profile["counts"];
  /** Makes the Followers count a button that opens the followers list. */
  onShowFollowers?: () => void;
}

/** Items Posted, Followers and Following; the Followers tile opens the list when it can. */
export function ProfileCounts({ counts, onShowFollowers }: ProfileCountsProps) {
  let followers: ReactNode = (
    <div className={tileClasses}>
      <CountTile value={counts.followers} label="Followers" />
    </div>
  );
  if (onShowFollowers) {
    followers = (
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={onShowFollowers}
        className={`${tileClasses} min-h-11 hover:border-indigo-300 hover:bg-indigo-50`}
      >
        <CountTile value={counts.followers} label="Followers" />
      </button>
    );
  }
  return (
    <div className="grid grid-cols-3 gap-2 sm:gap-3">
      <div className={tileClasses}>
        <CountTile value={counts.items} label="Items Posted" />
      </div>
      {followers}
      <div className={tileClasses}>
        <CountTile value={counts.following} label="Following" />
      </div>
    </div>
  );
}
