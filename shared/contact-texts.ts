/** What a profile shows in place of contact details its owner keeps from the viewer (issue 18). */
export const MOBILE_HIDDEN = "Mobile number hidden";
export const EMAIL_HIDDEN = "E-mail address hidden";
