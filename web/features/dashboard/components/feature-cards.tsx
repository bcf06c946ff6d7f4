import type { LucideIcon } from "lucide-react";
import CalendarIcon from "lucide-react/icons/calendar";
import LockIcon from "lucide-react/icons/lock";
import SearchIcon from "lucide-react/icons/search";
import TagIcon from "lucide-react/icons/tag";
import UsersIcon from "lucide-react/icons/users";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { SupportCard } from "./support-card";

interface FeatureCard {
  title: string;
  description: string;
  to: string;
  Icon: LucideIcon;
  tint: string;
}

const CARDS: FeatureCard[] = [
  {
    title: "Sell Item",
    description: "List something you no longer need.",
    to: "/sell",
    Icon: TagIcon,
    tint: "bg-indigo-100 text-indigo-700",
  },
  {
    title: "Buy Item",
    description: "Browse items from students around you.",
    to: "/buy",
    Icon: SearchIcon,
    tint: "bg-blue-100 text-blue-700",
  },
  {
    title: "Events & Hackathons",
    description: "See what is happening on campus.",
    to: "/events",
    Icon: CalendarIcon,
    tint: "bg-amber-100 text-amber-800",
  },
  {
    title: "CampusVault",
    description: "Secure storage for your files, coming soon.",
    to: "/vault",
    Icon: LockIcon,
    tint: "bg-emerald-100 text-emerald-700",
  },
  {
    title: "Teammate Finder",
    description: "Find teammates and study partners.",
    to: "/teammates",
    Icon: UsersIcon,
    tint: "bg-violet-100 text-violet-700",
  },
];

export function FeatureCards({
  supportEmail,
  supportActions,
}: {
  supportEmail: string | undefined;
  supportActions: ReactNode;
}) {
  return (
    <section aria-labelledby="features-heading">
      <h2 id="features-heading" className="text-lg font-semibold text-slate-900">
        What would you like to do?
      </h2>
      <div className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {CARDS.map(({ title, description, to, Icon, tint }) => (
          <Link
            key={to}
            to={to}
            className="group flex flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-indigo-300 hover:shadow-md"
          >
            <span className={`grid size-11 place-items-center rounded-lg ${tint}`}>
              <Icon className="size-6" />
            </span>
            <h3 className="mt-3 text-lg font-semibold text-slate-900 group-hover:text-indigo-700">{title}</h3>
            <p className="mt-1 text-sm text-slate-600">{description}</p>
          </Link>
        ))}
        <SupportCard supportEmail={supportEmail} actions={supportActions} />
      </div>
    </section>
  );
}
