import { blockedNote } from "@shared/trust-constants";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, useState } from "react";
import { Link, useParams } from "react-router";
import { ReportButton } from "../../../components/trust/report-button";
import { BackButton } from "../../../components/ui/back-button";
import { primaryButton, secondaryButton } from "../../../components/ui/button-styles";
import { OfflineRefusal } from "../../../components/ui/offline-refusal";
import { lazyWhenOnline } from "../../../lib/import-when-online";
import { useDocumentTitle } from "../../../lib/use-document-title";
import { useFollowUser } from "../api/follow-user";
import { isUserNotFound, profileQueryOptions } from "../api/get-profile";
import { useWarnOnLoadError } from "../hooks/use-warn-on-load-error";
import { LazyFollowersDialog } from "./lazy-followers-dialog";
import { PostedItemsSection } from "./posted-items-section";
import { ProfileCounts } from "./profile-counts";
import { ProfileDetails } from "./profile-details";
import { ProfileLoadError, ProfileLoading, ProfileNotFound } from "./profile-states";

// Reviews sit below the first screen: their code loads after the profile's.
const ReputationSection = lazyWhenOnline(() =>
  import("../../../components/deals/reputation-section").then((module) => ({
    default: module.ReputationSection,
  })),
);

function FollowButton({ userId, isFollowing }: { userId: string; isFollowing: boolean }) {
  const follow = useFollowUser(userId);
  return (
    <>
      <button
        type="button"
        aria-pressed={isFollowing}
        // aria-busy rather than disabled: disabling would drop keyboard focus mid-tap.
        aria-busy={follow.isPending || undefined}
        onClick={() => follow.toggle(!isFollowing)}
        className={isFollowing ? secondaryButton : primaryButton}
      >
        {isFollowing ? "Unfollow" : "Follow"}
      </button>
      {/* Its own line in the row of actions, right under them. */}
      <OfflineRefusal shown={follow.isRefused} className="order-last basis-full text-center sm:text-left" />
    </>
  );
}

// Block and Unblock (with the confirmation) load with the page's first paint out of the way.
const BlockButton = lazyWhenOnline(() =>
  import("./block-button").then((module) => ({ default: module.BlockButton })),
);

/**
 * /profile/{userId}: anyone's public profile. On one's own id it shows the same public view
 * (how others see you) without Follow, plus a link to edit it on /profile.
 */
function PublicProfile({ userId }: { userId: string }) {
  const query = useQuery(profileQueryOptions(userId));
  const [isShowingFollowers, setIsShowingFollowers] = useState(false);
  useWarnOnLoadError(query.error);
  useDocumentTitle(query.data?.profile.name ?? "Profile");

  if (query.isPending) return <ProfileLoading />;
  if (query.isError) {
    return isUserNotFound(query.error) ? (
      <ProfileNotFound />
    ) : (
      <ProfileLoadError onRetry={() => query.refetch()} />
    );
  }

  const { profile, items, isFollowing, isBlocked } = query.data;
  const { canEdit, canFollow, canReport, canBlock } = profile.abilities;
  let actions: ReactNode = (
    <>
      {canFollow ? <FollowButton userId={profile.id} isFollowing={isFollowing} /> : null}
      {canReport ? (
        <ReportButton target={{ type: "user", id: profile.id }} className={secondaryButton} />
      ) : null}
      {canBlock ? (
        <Suspense fallback={null}>
          <BlockButton person={profile} isBlocked={isBlocked} />
        </Suspense>
      ) : null}
    </>
  );
  if (canEdit) {
    actions = (
      <Link to="/profile" className={secondaryButton}>
        Edit Profile
      </Link>
    );
  }

  return (
    <>
      {canEdit ? (
        <p className="rounded-lg bg-indigo-50 px-4 py-3 text-sm text-indigo-900">
          This is how other students see your profile.
        </p>
      ) : null}
      <section className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <ProfileDetails profile={profile} actions={actions} />
      </section>
      <ProfileCounts counts={profile.counts} onShowFollowers={() => setIsShowingFollowers(true)} />
      {isBlocked ? (
        <p role="status" className="rounded-lg bg-slate-100 px-4 py-3 text-sm text-slate-800">
          {blockedNote(profile.name)}
        </p>
      ) : null}
      <PostedItemsSection items={items} />
      <Suspense fallback={null}>
        <ReputationSection userId={profile.id} />
      </Suspense>
      {isShowingFollowers ? (
        <LazyFollowersDialog userId={profile.id} onClose={() => setIsShowingFollowers(false)} />
      ) : null}
    </>
  );
}

export function PublicProfilePage() {
  const { userId = "" } = useParams();
  return (
    <div className="mx-auto w-full max-w-5xl space-y-6 px-4 py-6 sm:px-6 sm:py-8 lg:px-8">
      <BackButton />
      {/* Keyed, so moving from one profile to another (a follower's link) starts fresh. */}
      <PublicProfile key={userId} userId={userId} />
    </div>
  );
}
