/**
 * The texts of a college request filed after sign-up (Settings > 'Your college', decision 056) and
 * of the Users tab's 'College pending': apart from COLLEGE_REQUEST_TEXTS, which the dashboard and
 * profile pages load to say 'College pending', so those pages do not carry these.
 */
export const LATER_COLLEGE_REQUEST_TEXTS = {
  // The Users tab.
  pendingAsked: (name: string, city: string) => `Asked for ${name}, ${city}`,
  // Settings > 'Your college' (a signed-in student asks after sign-up).
  settingsTitle: "Your college",
  settingsHint: "Is your college missing from the directory, or wrong? Tell us its name and city.",
  settingsFormHint:
    "We'll add it to the directory or find it there, then update your profile and tell you. Until then your profile shows 'College pending'.",
  settingsOpen: "My college isn't listed",
  send: "Send request",
  sending: "Sending...",
  sent: "Request sent. We'll tell you once your college is decided.",
  waiting: (name: string, city: string) =>
    `You asked for ${name}, ${city}. We'll tell you once it is decided.`,
  alreadyWaiting: (name: string, city: string) =>
    `Your request for ${name} (${city}) is still waiting. We'll tell you once it is decided.`,
  sameCollege: "That is already your college.",
  adminHasNoCollege: "The administrator has no college to ask for.",
} as const;
