import type { Person } from "@shared/api/profiles";
import { queryOptions } from "@tanstack/react-query";
import { apiFetch } from "../../../lib/api";
import { profileKeys } from "../../../lib/query-keys";
import { userPath } from "./get-profile";

export const followersKey = (userId: string) => [...profileKeys.all, "followers", userId] as const;

export const followersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: followersKey(userId),
    queryFn: ({ signal }) =>
      apiFetch<{ followers: Person[] }>(`${userPath(userId)}/followers`, { signal }).then(
        (body) => body.followers,
      ),
  });
