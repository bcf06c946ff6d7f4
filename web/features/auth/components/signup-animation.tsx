/**
 * Decorative panel beside the signup form on large screens. CSS only and hidden from assistive
 * technology; the floating stops for people who ask for reduced motion.
 */
export function SignupAnimation() {
  return (
    <div
      aria-hidden="true"
      className="relative hidden h-[36rem] w-full max-w-md shrink-0 overflow-hidden rounded-3xl bg-gradient-to-br from-indigo-700 via-indigo-600 to-blue-500 p-10 text-white lg:block"
    >
      <div className="absolute -top-10 -right-10 size-48 rounded-full bg-white/10 float-slow" />
      <div className="absolute bottom-16 -left-8 size-32 rounded-3xl bg-white/10 float-fast" />
      <div className="absolute top-1/2 right-12 size-16 rounded-2xl bg-blue-300/30 float-fast [animation-delay:1.5s]" />
      <div className="absolute right-24 bottom-10 size-10 rounded-full bg-white/20 float-slow [animation-delay:3s]" />
      <div className="relative">
        <p className="text-3xl leading-tight font-bold">Your campus, one marketplace.</p>
        <ul className="mt-8 space-y-4 text-lg text-indigo-50">
          <li>Buy and sell second-hand items</li>
          <li>Join events and hackathons</li>
          <li>Find teammates and study partners</li>
        </ul>
      </div>
    </div>
  );
}
