export const navIconButton =
  "relative inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900";

export const brandLink =
  "flex min-h-11 min-w-0 items-center gap-2 rounded-lg text-lg font-bold text-slate-900";
