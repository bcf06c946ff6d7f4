import { useQuery } from "@tanstack/react-query";
import Settings from "lucide-react/icons/settings";
import { type ReactNode, Suspense, useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { BackButton } from "../../../components/ui/back-button";
import { ghostButton, secondaryButton } from "../../../components/ui/button-styles";
import { OfflineSnapshotNote } from "../../../components/ui/offline-state";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { useSession } from "../../../lib/session";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { isUserNotFound, profileQueryOptions } from "../api/get-profile";
import { useWarnOnLoadError } from "../hooks/use-warn-on-load-error";
import { LazyFollowersDialog } from "./lazy-followers-dialog";
import { MyItemsSection } from "./my-items-section";
import { ProfileCounts } from "./profile-counts";
import { ProfileDetails } from "./profile-details";
import { CompleteProfileNotice, ProfileLoadError, ProfileLoading } from "./profile-states";

// The form and its validator (the server's profile schema) load when Edit Profile is pressed, not
// with the page: most visits only read the profile.
const ProfileEditForm = lazyWhenOnline(() =>
  import("./profile-edit-form").then((module) => ({ default: module.ProfileEditForm })),
);

const card = "rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6";

/** /profile: one's own details with Edit Profile, the counts, and My Posted Items. */
export function OwnProfilePage() {
  useDocumentTitle("My Profile");
  const { user, isAdmin } = useSession();
  // The administrator has no profile record (spec section 6), so nothing is asked for them.
  const hasProfile = Boolean(user) && !isAdmin;
  const query = useQuery({ ...profileQueryOptions(user?.id ?? ""), enabled: hasProfile });
  const [isEditing, setIsEditing] = useState(false);
  const [isShowingFollowers, setIsShowingFollowers] = useState(false);
  useWarnOnLoadError(query.error);

  // Leaving the form (Save or Cancel) hands focus back to Edit Profile, so keyboard users stay put.
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !isEditing) editButton.current?.focus();
    wasEditing.current = isEditing;
  }, [isEditing]);

  let content: ReactNode;
  if (!hasProfile || (query.isError && isUserNotFound(query.error))) {
    content = <CompleteProfileNotice />;
  } else if (query.isPending) {
    content = <ProfileLoading />;
  } else if (query.isError) {
    content = <ProfileLoadError onRetry={() => query.refetch()} />;
  } else {
    const { profile, items } = query.data;
    content = (
      <>
        <OfflineSnapshotNote updatedAt={query.dataUpdatedAt} />
        <section className={card}>
          {isEditing ? (
            <Suspense fallback={<ProfileLoading />}>
              <ProfileEditForm profile={profile} onDone={() => setIsEditing(false)} />
            </Suspense>
          ) : (
            <ProfileDetails
              profile={profile}
              actions={
                profile.abilities.canEdit ? (
                  <button
                    ref={editButton}
                    type="button"
                    onClick={() => setIsEditing(true)}
                    className={secondaryButton}
                  >
                    Edit Profile
                  </button>
                ) : null
              }
            />
          )}
        </section>
        <ProfileCounts counts={profile.counts} onShowFollowers={() => setIsShowingFollowers(true)} />
        <Link to="/favourites" className={`${secondaryButton} w-full justify-start`}>
          Saved items
        </Link>
        <Link to="/saved-searches" className={`${secondaryButton} w-full justify-start`}>
          Saved searches
        </Link>
        <MyItemsSection items={items} />
        {isShowingFollowers ? (
          <LazyFollowersDialog userId={profile.id} onClose={() => setIsShowingFollowers(false)} />
        ) : null}
      </>
    );
  }

  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <div className="flex items-center justify-between gap-2">
        <BackButton />
        {/* The phone's menu has no Settings (spec), so this is how a phone reaches them. */}
        <Link to="/settings" className={ghostButton}>
          <Settings aria-hidden="true" className="size-5" />
          Settings
        </Link>
      </div>
      {content}
    </div>
  );
}
