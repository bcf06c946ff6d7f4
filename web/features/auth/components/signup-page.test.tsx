import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { apiError, fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { SignupPage } from "./signup-page";

const PASSWORD = "Campus#Bazaar9";
const COLLEGES = { cities: [{ city: "Mumbai", colleges: [{ id: "c1", name: "IIT Bombay" }] }] };

beforeEach(() => localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

/** The server's search as the picker reads it: here, any text naming IIT Bombay or its short name. */
function searchAnswer(path: string) {
  const q = decodeURIComponent(path.split("q=")[1] ?? "").toLowerCase();
  const found = ["iit bombay", "mumbai", "iitb", "bombay"].some(
    (name) => name.startsWith(q) || q.startsWith(name),
  );
  return { body: { colleges: found ? [{ id: "c1", city: "Mumbai", name: "IIT Bombay" }] : [] } };
}

function signupApi(signupAnswer = apiError(409, "email_in_use", "Email in use")) {
  return fakeApi((path) =>
    path === "/api/colleges"
      ? { body: COLLEGES }
      : path.startsWith("/api/colleges/search")
        ? searchAnswer(path)
        : signupAnswer,
  );
}

async function fillValidForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText("Full Name"), "Kavya Nair");
  await user.type(screen.getByLabelText("Email Address"), "kavya@example.in");
  await user.type(screen.getByRole("combobox", { name: "City and College" }), "IIT Bom");
  await user.click(await screen.findByRole("option", { name: "IIT Bombay, Mumbai" }));
  await user.type(screen.getByLabelText("Mobile Number"), "9123456780");
  await user.type(screen.getByLabelText("Password", { selector: "input" }), PASSWORD);
  await user.type(screen.getByLabelText("Confirm Password", { selector: "input" }), PASSWORD);
  await user.click(screen.getByRole("checkbox", { name: /I accept the/ }));
}

describe("the signup form", () => {
  it("shows one message at a time, the first failing rule in the spec's order", async () => {
    const user = userEvent.setup();
    const api = signupApi();
    renderScreen(<SignupPage />, { path: "/signup" });
    await user.type(screen.getByLabelText("Full Name"), "A");
    await user.type(screen.getByLabelText("Email Address"), "not-an-email");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), PASSWORD);
    await user.type(screen.getByLabelText("Confirm Password", { selector: "input" }), PASSWORD);
    await user.click(screen.getByRole("checkbox", { name: /I accept the/ }));
    const submit = screen.getByRole("button", { name: "Create Account" });

    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Name must be at least 2 characters");
    expect(screen.getAllByRole("alert")).toHaveLength(1);
    expect(screen.getByLabelText("Full Name")).toHaveFocus();
    expect(screen.getByLabelText("Full Name")).toHaveAttribute("aria-invalid", "true");
    expect(screen.getByLabelText("Full Name")).toHaveAccessibleDescription(
      "Name must be at least 2 characters",
    );

    await user.type(screen.getByLabelText("Full Name"), "rjun");
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Please enter a valid email address");

    await user.clear(screen.getByLabelText("Email Address"));
    await user.type(screen.getByLabelText("Email Address"), "arjun@example.in");
    await user.click(submit);
    expect(await screen.findByRole("alert")).toHaveTextContent("Please select your city and college");
    expect(screen.getByRole("combobox", { name: "City and College" })).toHaveFocus();
    expect(screen.getByLabelText("Email Address")).not.toHaveAttribute("aria-invalid");
    expect(api.requests.filter((request) => request.path === "/api/auth/signup")).toEqual([]);
  });

  it("strips the characters < > \" ' & and leading spaces as the person types, trailing ones on leaving", async () => {
    const user = userEvent.setup();
    signupApi();
    renderScreen(<SignupPage />, { path: "/signup" });
    await user.type(screen.getByLabelText("Full Name"), " <A>rjun ");
    expect(screen.getByLabelText("Full Name")).toHaveValue("Arjun ");
    await user.tab();
    expect(screen.getByLabelText("Full Name")).toHaveValue("Arjun");
  });

  it("sends the cleaned form and shows the server's refusal in the spec's words", async () => {
    const user = userEvent.setup();
    const api = signupApi();
    renderScreen(<SignupPage />, { path: "/signup" });
    await fillValidForm(user);
    await user.click(screen.getByRole("button", { name: "Create Account" }));

    expect(await screen.findByRole("alert")).toHaveTextContent(
      "An account with this email already exists. Please try logging in instead.",
    );
    expect(screen.getByLabelText("Email Address")).toHaveFocus();
    expect(screen.getByLabelText("Email Address")).toHaveAttribute("aria-invalid", "true");
    expect(api.requests.find((request) => request.path === "/api/auth/signup")?.body).toEqual({
      name: "Kavya Nair",
      email: "kavya@example.in",
      city: "Mumbai",
      college: "IIT Bombay",
      mobile: "9123456780",
      password: PASSWORD,
      acceptTerms: true,
    });
  });

  it("blocks the form at the third failure and counts it in local storage", async () => {
    const user = userEvent.setup();
    signupApi();
    renderScreen(<SignupPage />, { path: "/signup" });
    await fillValidForm(user);
    const submit = screen.getByRole("button", { name: "Create Account" });
    for (let attempt = 1; attempt <= 2; attempt++) {
      await user.click(submit);
      await screen.findByText("An account with this email already exists. Please try logging in instead.");
    }
    await user.click(submit);
    expect(
      await screen.findByText("Too many failed attempts. Account temporarily blocked for security."),
    ).toBeVisible();
    expect(await screen.findByText("Account temporarily blocked. Time remaining: 15 minutes")).toBeVisible();
    expect(submit).toBeDisabled();
    expect(JSON.parse(localStorage.getItem("signupAttempts") ?? "{}").count).toBe(3);
  });

  it("'No matches' offers \"My college isn't listed\": name and city checked, then sent as a request", async () => {
    const user = userEvent.setup();
    const api = signupApi();
    renderScreen(<SignupPage />, { path: "/signup" });
    await user.type(screen.getByLabelText("Full Name"), "Kavya Nair");
    await user.type(screen.getByLabelText("Email Address"), "kavya@example.in");
    await user.type(screen.getByRole("combobox", { name: "City and College" }), "Sunrise Institute");
    expect(await screen.findByText("No matches")).toBeVisible();
    await user.click(screen.getByRole("button", { name: "My college isn't listed" }));

    const name = await screen.findByRole("textbox", { name: "College name" });
    expect(name).toHaveValue("Sunrise Institute");
    const city = screen.getByRole("textbox", { name: "City" });
    expect(city).toHaveFocus();
    await user.click(screen.getByRole("button", { name: "Use this college" }));
    expect(await screen.findByText("Please enter your college's city.")).toBeVisible();
    expect(api.requests.filter((request) => request.path === "/api/auth/signup")).toEqual([]);

    await user.type(city, "Nashik{Enter}");
    expect(screen.queryByRole("textbox", { name: "College name" })).not.toBeInTheDocument();
    expect(
      screen.getByText("Requested: Sunrise Institute (Nashik). College pending until it is added."),
    ).toBeVisible();
    await user.type(screen.getByLabelText("Mobile Number"), "9123456780");
    await user.type(screen.getByLabelText("Password", { selector: "input" }), PASSWORD);
    await user.type(screen.getByLabelText("Confirm Password", { selector: "input" }), PASSWORD);
    await user.click(screen.getByRole("checkbox", { name: /I accept the/ }));
    await user.click(screen.getByRole("button", { name: "Create Account" }));
    await screen.findByRole("alert");
    expect(api.requests.find((request) => request.path === "/api/auth/signup")?.body).toMatchObject({
      city: "Nashik",
      college: "Sunrise Institute",
      collegeNotListed: true,
    });
  }, 30_000);

  it("offers no request while a college is found", async () => {
    const user = userEvent.setup();
    signupApi();
    renderScreen(<SignupPage />, { path: "/signup" });
    await user.type(screen.getByRole("combobox", { name: "City and College" }), "IITB");
    expect(await screen.findByRole("option", { name: "IIT Bombay, Mumbai" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "My college isn't listed" })).not.toBeInTheDocument();
  });
});
