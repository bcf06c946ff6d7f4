import type { User } from "@shared/api/auth";
import { collegeLabel } from "@shared/college-requests";

export function WelcomeBanner({ user }: { user: User }) {
  return (
    <section className="rounded-2xl bg-gradient-to-r from-indigo-700 to-blue-600 px-5 py-6 text-white shadow-sm sm:px-8 sm:py-8">
      <h1 className="text-2xl font-bold break-words sm:text-3xl">Welcome back, {user.name}!</h1>
      <p className="mt-1 text-indigo-100">
        {collegeLabel(user)}
        {user.city ? `, ${user.city}` : ""}
      </p>
    </section>
  );
}
