import Calendar from "lucide-react/icons/calendar";
import Lock from "lucide-react/icons/lock";
import ShoppingBag from "lucide-react/icons/shopping-bag";
import Users from "lucide-react/icons/users";
import type { ComponentType } from "react";
import { container } from "./styles";

interface Feature {
  title: string;
  description: string;
  Icon: ComponentType<{ className?: string }>;
  comingSoon?: boolean;
}

const FEATURES: readonly Feature[] = [
  {
    title: "Buy & Sell",
    description:
      "List your used books, gadgets and stationery in minutes, or find what you need from other students. Prices are in rupees (₹).",
    Icon: ShoppingBag,
  },
  {
    title: "Campus Events",
    description: "Discover events and hackathons at your college and others, all in one place.",
    Icon: Calendar,
  },
  {
    title: "Find Teammates",
    description:
      "Post what you are building or studying and find teammates and study partners with the skills you need.",
    Icon: Users,
  },
  {
    title: "CampusVault",
    description: "A secure place for your notes and documents. We are still building it.",
    Icon: Lock,
    comingSoon: true,
  },
];

export function FeaturesSection() {
  return (
    <section aria-labelledby="features-heading" className="py-14 sm:py-20">
      <div className={container}>
        <div className="mx-auto max-w-2xl text-center">
          <h2 id="features-heading" className="text-3xl font-bold tracking-tight text-slate-900">
            Everything your campus needs
          </h2>
          <p className="mt-3 text-lg text-slate-700">One app for trading, events and teamwork.</p>
        </div>

        <ul className="mt-10 grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
          {FEATURES.map(({ title, description, Icon, comingSoon }) => (
            <li
              key={title}
              className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
            >
              <span className="grid size-12 place-items-center rounded-xl bg-indigo-100 text-indigo-800">
                <Icon className="size-6" />
              </span>
              <h3 className="mt-4 flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
                {title}
                {comingSoon ? (
                  <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">
                    Coming soon
                  </span>
                ) : null}
              </h3>
              <p className="mt-2 text-base text-slate-700">{description}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
