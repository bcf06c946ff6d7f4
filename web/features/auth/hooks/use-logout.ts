// The app shell's navigation imports sign-out from here; the action itself lives in api/logout.ts.
export { LOGOUT_MUTATION_KEY, useLogout } from "../api/logout";
