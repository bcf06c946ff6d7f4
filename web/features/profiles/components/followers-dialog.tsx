import { SETTINGS_MESSAGES } from "@shared/validation/settings";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Alert } from "../../../components/ui/alert";
import { secondaryButton, textLink } from "../../../components/ui/button-styles";
import { Dialog } from "../../../components/ui/dialog";
import { Spinner } from "../../../components/ui/spinner";
import { followersQueryOptions } from "../api/get-followers";
import { ProfileAvatar } from "./profile-avatar";

interface FollowersDialogProps {
  userId: string;
  onClose: () => void;
}

/** Who follows this person, each linking to their profile. Mount it to open it. */
export function FollowersDialog({ userId, onClose }: FollowersDialogProps) {
  // Always asked afresh: a follow a moment ago must show up in the list.
  const followers = useQuery({ ...followersQueryOptions(userId), staleTime: 0 });

  let body: ReactNode;
  if (followers.isPending) {
    body = (
      <p role="status" className="flex items-center gap-2 py-4 text-slate-600">
        <Spinner /> Loading followers...
      </p>
    );
  } else if (followers.isError) {
    body = (
      <Alert tone="error" variant="inline" as="div" className="py-4 text-sm">
        Could not load the followers.{" "}
        <button type="button" onClick={() => followers.refetch()} className={textLink}>
          Try again
        </button>
      </Alert>
    );
  } else if (followers.data.length === 0) {
    body = <p className="py-4 text-slate-600">{SETTINGS_MESSAGES.noFollowers}</p>;
  } else {
    body = (
      <ul className="-mx-2 max-h-[60dvh] overflow-y-auto py-2">
        {followers.data.map((person) => (
          <li key={person.id}>
            <Link
              to={`/profile/${encodeURIComponent(person.id)}`}
              onClick={onClose}
              className="flex min-h-11 items-center gap-3 rounded-lg px-2 py-2 hover:bg-slate-100"
            >
              <ProfileAvatar name={person.name} photo={person.profilePhoto} size={40} />
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900">{person.name}</span>
                <span className="block truncate text-sm text-slate-600">{person.college}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <Dialog title="Followers" onClose={onClose}>
      <div className="mt-2">{body}</div>
      <div className="mt-4 flex justify-end">
        <button type="button" onClick={onClose} className={secondaryButton}>
          Close
        </button>
      </div>
    </Dialog>
  );
}
