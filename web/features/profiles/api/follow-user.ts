import type { Profile, ProfileResponse } from "@shared/api/profiles";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useOfflineRefusal } from "../../../components/ui/offline-refusal";
import { apiFetch } from "../../../lib/api";
import { dashboardKeys, itemKeys, profileKeys } from "../../../lib/query-keys";
import { useSession } from "../../../lib/session";
import { withFollowing, withFollowingCount } from "../profile-format";
import { followersKey } from "./get-followers";
import { userPath } from "./get-profile";

export function setFollowing(userId: string, isFollowing: boolean): Promise<{ counts: Profile["counts"] }> {
  return apiFetch(`${userPath(userId)}/follow`, { method: isFollowing ? "PUT" : "DELETE" });
}

/**
 * Follow and Unfollow: both sides change on screen at once (their Followers, my Following) and
 * are put back if the server refuses. The spec only logs a failed follow; the rollback itself is
 * what tells the person it did not work. Offline, nothing changes and the refusal says why.
 */
export function useFollowUser(userId: string) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const theirKey = profileKeys.detail(userId);
  const myKey = profileKeys.detail(user?.id ?? "");
  const refusal = useOfflineRefusal();

  const mutation = useMutation({
    mutationFn: (isFollowing: boolean) => setFollowing(userId, isFollowing),
    onMutate: async (isFollowing) => {
      await Promise.all([
        queryClient.cancelQueries({ queryKey: theirKey }),
        queryClient.cancelQueries({ queryKey: myKey }),
      ]);
      const previous = {
        theirs: queryClient.getQueryData<ProfileResponse>(theirKey),
        mine: queryClient.getQueryData<ProfileResponse>(myKey),
      };
      queryClient.setQueryData<ProfileResponse>(theirKey, (old) =>
        old ? withFollowing(old, isFollowing) : old,
      );
      if (previous.theirs && previous.theirs.isFollowing !== isFollowing) {
        queryClient.setQueryData<ProfileResponse>(myKey, (old) =>
          old ? withFollowingCount(old, isFollowing ? 1 : -1) : old,
        );
      }
      return previous;
    },
    onSuccess: ({ counts }) => {
      // The server's counts are the truth (someone else may have followed in the meantime).
      queryClient.setQueryData<ProfileResponse>(theirKey, (old) =>
        old ? { ...old, profile: { ...old.profile, counts } } : old,
      );
    },
    onError: (error, _isFollowing, previous) => {
      if (!refusal.noteFailure(error)) console.warn("Follow change failed", error);
      if (previous?.theirs) queryClient.setQueryData(theirKey, previous.theirs);
      if (previous?.mine) queryClient.setQueryData(myKey, previous.mine);
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: followersKey(userId) }),
        queryClient.invalidateQueries({ queryKey: myKey }),
        // The dashboard's Followers tile and the item page's follower count read the same relation.
        queryClient.invalidateQueries({ queryKey: dashboardKeys.all }),
        queryClient.invalidateQueries({ queryKey: [...itemKeys.all, "detail"] }),
      ]),
  });

  return {
    isPending: mutation.isPending,
    /** Tried offline: nothing changed, and the page says so beside the button. */
    isRefused: refusal.isRefused,
    toggle: (isFollowing: boolean) => {
      // Ignored while one is on its way, so a double tap cannot race itself.
      if (!mutation.isPending) refusal.attempt(() => mutation.mutate(isFollowing));
    },
  };
}
