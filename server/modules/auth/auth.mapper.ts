import type { User } from "@shared/api/auth";
import type { UserRow } from "../../db/schema";

/** The account as its owner sees it; never the password hash or the security flags. */
export function toUserDto(user: UserRow): User {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    city: user.city,
    college: user.college,
    collegePending: user.collegePending,
    mobile: user.mobile,
    role: user.role,
    emailVerified: user.emailVerified,
    bio: user.bio,
    profilePhoto: user.profilePhoto,
    holidayMode: { isActive: user.holidayActive, fromDate: user.holidayFrom, toDate: user.holidayTo },
    createdAt: user.createdAt.toISOString(),
    lastLogin: user.lastLogin?.toISOString() ?? null,
  };
}
