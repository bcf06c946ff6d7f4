import { useState } from "react";
import { avatarUrl, initialOf } from "../profile-format";

interface ProfileAvatarProps {
  name: string;
  photo: string | null;
  /** Shown size in CSS pixels. */
  size: number;
  /** A local preview (object URL) is shown as it is; stored photos are fetched resized. */
  isPreview?: boolean;
  className?: string;
}

/**
 * The person's photo, or the first letter of their name. Decorative (empty alt) because the name
 * is always written beside it; a photo that fails to load falls back to the letter.
 */
export function ProfileAvatar({ name, photo, size, isPreview = false, className = "" }: ProfileAvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const style = { width: size, height: size, fontSize: Math.round(size * 0.42) };
  if (photo && photo !== failedUrl) {
    return (
      <img
        src={isPreview ? photo : avatarUrl(photo)}
        alt=""
        width={size}
        height={size}
        style={style}
        onError={() => setFailedUrl(photo)}
        className={`shrink-0 rounded-full bg-slate-100 object-cover ${className}`}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={style}
      className={`grid shrink-0 place-items-center rounded-full bg-indigo-700 font-bold text-white ${className}`}
    >
      {initialOf(name)}
    </span>
  );
}
