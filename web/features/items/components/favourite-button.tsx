import HeartIcon from "lucide-react/icons/heart";

interface FavouriteButtonProps {
  isFavourite: boolean;
  onToggle: (isFavourite: boolean) => void;
}

export function FavouriteButton({ isFavourite, onToggle }: FavouriteButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={isFavourite}
      aria-label={isFavourite ? "Remove from favourites" : "Add to favourites"}
      onClick={() => onToggle(!isFavourite)}
      className={`inline-flex size-11 items-center justify-center rounded-lg border transition-colors ${isFavourite ? "border-rose-200 bg-rose-50 text-rose-600 hover:bg-rose-100" : "border-slate-300 bg-white text-slate-600 hover:bg-slate-50"}`}
    >
      <HeartIcon fill={isFavourite ? "currentColor" : "none"} className="size-5" />
    </button>
  );
}
