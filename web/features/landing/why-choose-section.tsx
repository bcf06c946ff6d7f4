import Bell from "lucide-react/icons/bell";
import GraduationCap from "lucide-react/icons/graduation-cap";
import Heart from "lucide-react/icons/heart";
import MessageSquare from "lucide-react/icons/message-square";
import School from "lucide-react/icons/school";
import ShieldCheck from "lucide-react/icons/shield-check";
import Smartphone from "lucide-react/icons/smartphone";
import User from "lucide-react/icons/user";
import type { ComponentType } from "react";
import { container } from "./styles";

type Icon = ComponentType<{ className?: string }>;

interface Benefit {
  title: string;
  description: string;
  Icon: Icon;
}

const BENEFITS: readonly Benefit[] = [
  {
    title: "College-Verified Community",
    description:
      "Every member signs up with their college, so you always know which campus the person you are dealing with is from.",
    Icon: GraduationCap,
  },
  {
    title: "Secure Transactions",
    description:
      "Campus Bazaar handles no payments: you meet the other student in a safe, public spot on campus, check the item and pay them directly.",
    Icon: ShieldCheck,
  },
  {
    title: "Real-time Messaging",
    description:
      "Chat with buyers, sellers and teammates inside the app and make price offers, without having to share your phone number.",
    Icon: MessageSquare,
  },
  {
    title: "Event Notifications",
    description:
      "Keep up with campus events and hackathons, and see new messages and offers in your notifications as they arrive.",
    Icon: Bell,
  },
  {
    title: "Profile Management",
    description:
      "Keep your profile up to date, follow other students and manage every item you are selling from one place.",
    Icon: User,
  },
  {
    title: "Mobile-Friendly Design",
    description: "Every page works on a phone, so you can list an item or reply to a buyer between lectures.",
    Icon: Smartphone,
  },
];

const BADGES: readonly { label: string; Icon: Icon }[] = [
  { label: "Mobile Ready", Icon: Smartphone },
  { label: "College Network", Icon: School },
  { label: "Community First", Icon: Heart },
];

export function WhyChooseSection() {
  return (
    <section aria-labelledby="why-heading" className="bg-slate-50 py-14 sm:py-20">
      <div className={container}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="why-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Why Choose Campus Bazaar?
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Made for the way students buy, sell and team up on campus.
          </p>
        </div>

        <ul className="mt-10 grid gap-x-8 gap-y-8 sm:grid-cols-2 lg:grid-cols-3">
          {BENEFITS.map(({ title, description, Icon }) => (
            <li key={title} className="flex gap-4">
              <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-indigo-700 text-white">
                <Icon className="size-5" />
              </span>
              <div>
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                <p className="mt-1 text-base text-slate-700">{description}</p>
              </div>
            </li>
          ))}
        </ul>

        <ul aria-label="Highlights" className="mt-12 flex flex-wrap justify-center gap-3">
          {BADGES.map(({ label, Icon }) => (
            <li
              key={label}
              className="inline-flex items-center gap-2 rounded-full border border-indigo-200 bg-white px-4 py-2 text-sm font-semibold text-indigo-900"
            >
              <Icon className="size-4" />
              {label}
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
