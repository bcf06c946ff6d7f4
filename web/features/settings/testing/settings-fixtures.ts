import type { User } from "@shared/api/auth";

/** The signed-in student of the Settings tests. */
export const student: User = {
  id: "u1",
  name: "Asha Rao",
  email: "asha@example.edu",
  city: "Pune",
  college: "COEP",
  collegePending: false,
  mobile: "9876543210",
  role: "student",
  emailVerified: true,
  bio: "",
  profilePhoto: null,
  holidayMode: { isActive: false, fromDate: null, toDate: null },
  createdAt: "2026-01-05T10:00:00.000Z",
  lastLogin: null,
};

/** A JSON answer as the server sends it (204 without a body). */
export function json(status: number, body: unknown): Response {
  return new Response(status === 204 ? null : JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json" },
  });
}
