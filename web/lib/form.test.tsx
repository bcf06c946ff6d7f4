import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useEffect, useState } from "react";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { z } from "zod";
import { Field, TextField } from "../components/ui/field";
import { ApiError } from "./api";
import { useZodForm } from "./form";

const SignupSchema = z.object({
  name: z.string().trim().min(1, "Please enter your name"),
  email: z.string().email("Please enter a valid email"),
  bio: z.string().max(10, "Bio is too long"),
});

const loadSignupSchema = () => Promise.resolve(SignupSchema);

function SignupForm({
  onSubmit,
  firstErrorOnly = false,
  loadSchema = loadSignupSchema,
}: {
  onSubmit: (values: z.output<typeof SignupSchema>) => Promise<void> | void;
  firstErrorOnly?: boolean;
  loadSchema?: () => Promise<typeof SignupSchema>;
}) {
  const { form, fieldError, formError, handleSubmit, prepare } = useZodForm(loadSchema, {
    defaultValues: { name: "", email: "", bio: "" },
    firstErrorOnly,
    serverErrorFields: { email_in_use: "email" },
  });
  return (
    <form noValidate onFocus={prepare} onSubmit={handleSubmit(onSubmit)}>
      <TextField label="Name" error={fieldError("name")} {...form.register("name")} />
      <TextField label="Email" error={fieldError("email")} {...form.register("email")} />
      <Field label="Bio" error={fieldError("bio")}>
        {(control) => <textarea {...control} {...form.register("bio")} />}
      </Field>
      {formError ? <p role="alert">{formError}</p> : null}
      <button type="submit">Sign Up</button>
    </form>
  );
}

const scrollIntoView = vi.fn();
const originalScrollIntoView = HTMLElement.prototype.scrollIntoView;
beforeEach(() => {
  scrollIntoView.mockClear();
  HTMLElement.prototype.scrollIntoView = scrollIntoView;
});
afterEach(() => {
  HTMLElement.prototype.scrollIntoView = originalScrollIntoView;
});

it("shows the schema's message, marks the field invalid, and focuses and scrolls to the first invalid field", async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  render(<SignupForm onSubmit={onSubmit} />);
  await user.type(screen.getByRole("textbox", { name: "Bio" }), "far too long a bio");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));

  const name = screen.getByRole("textbox", { name: "Name" });
  expect(name).toHaveAttribute("aria-invalid", "true");
  expect(name).toHaveAccessibleDescription("Please enter your name");
  expect(screen.getByText("Please enter a valid email")).toBeVisible();
  expect(screen.getByRole("textbox", { name: "Bio" })).toHaveAccessibleDescription("Bio is too long");
  expect(name).toHaveFocus();
  expect(scrollIntoView.mock.contexts).toContain(name);
  expect(onSubmit).not.toHaveBeenCalled();
});

it("focuses the first invalid field in form order, not the first one typed in", async () => {
  const user = userEvent.setup();
  render(<SignupForm onSubmit={vi.fn()} />);
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Asha");
  await user.type(screen.getByRole("textbox", { name: "Bio" }), "far too long a bio");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus();
  expect(screen.getByRole("textbox", { name: "Name" })).not.toHaveAttribute("aria-invalid");
});

it("submits the parsed values when the input is valid", async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  render(<SignupForm onSubmit={onSubmit} />);
  await user.type(screen.getByRole("textbox", { name: "Name" }), "  Asha ");
  await user.type(screen.getByRole("textbox", { name: "Email" }), "asha@college.edu");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(onSubmit).toHaveBeenCalledOnce();
  expect(onSubmit.mock.calls[0]?.[0]).toEqual({ name: "Asha", email: "asha@college.edu", bio: "" });
});

it("puts a server error that names a field on that field and focuses it", async () => {
  const user = userEvent.setup();
  render(
    <SignupForm
      onSubmit={() => Promise.reject(new ApiError(409, "email_in_use", "This email is already registered"))}
    />,
  );
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Asha");
  await user.type(screen.getByRole("textbox", { name: "Email" }), "asha@college.edu");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  const email = await screen.findByRole("textbox", { name: "Email" });
  expect(email).toHaveAttribute("aria-invalid", "true");
  expect(email).toHaveAccessibleDescription("This email is already registered");
  expect(email).toHaveFocus();
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
});

it("shows any other server error for the whole form", async () => {
  const user = userEvent.setup();
  render(
    <SignupForm onSubmit={() => Promise.reject(new ApiError(429, "rate_limited", "Too many attempts"))} />,
  );
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Asha");
  await user.type(screen.getByRole("textbox", { name: "Email" }), "asha@college.edu");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  const alert = await screen.findByRole("alert");
  expect(alert).toHaveTextContent("Too many attempts");
  expect(screen.getByRole("textbox", { name: "Email" })).not.toHaveAttribute("aria-invalid");
  // Where the eye is: the message takes the focus and is scrolled into view.
  await waitFor(() => expect(alert).toHaveFocus());
  expect(scrollIntoView.mock.contexts).toContain(alert);
});

/** A form whose alert is drawn a while after the error is set, as on a slow phone or by a deferred form. */
function LateAlertForm({ onSubmit }: { onSubmit: () => Promise<void> }) {
  const { formError, handleSubmit } = useZodForm(loadSignupSchema, {
    defaultValues: { name: "Asha", email: "asha@college.edu", bio: "" },
  });
  const [shown, setShown] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setShown(formError), 50);
    return () => window.clearTimeout(timer);
  }, [formError]);
  return (
    <form noValidate onSubmit={handleSubmit(onSubmit)}>
      <p role="alert">{shown === null ? "An earlier notice" : null}</p>
      {shown ? <p role="alert">{shown}</p> : null}
      <button type="submit">Sign Up</button>
    </form>
  );
}

it("waits for a form-level message's alert that is drawn late, and focuses that one", async () => {
  const user = userEvent.setup();
  render(
    <LateAlertForm onSubmit={() => Promise.reject(new ApiError(429, "rate_limited", "Too many attempts"))} />,
  );
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  const alert = await screen.findByText("Too many attempts");
  await waitFor(() => expect(alert).toHaveFocus());
  expect(scrollIntoView.mock.contexts).toContain(alert);
  expect(scrollIntoView.mock.contexts).not.toContain(screen.getAllByRole("alert")[0]);
});

/** A one-field form that shows a refusal above its field and focuses the field for the next try. */
function RetryForm({ onSubmit }: { onSubmit: () => Promise<void> }) {
  const { form, formError, handleSubmit, setServerError } = useZodForm(loadSignupSchema, {
    defaultValues: { name: "Asha", email: "asha@college.edu", bio: "" },
  });
  return (
    <form
      noValidate
      onSubmit={handleSubmit(() =>
        onSubmit().catch((error: unknown) => {
          setServerError(error);
          form.setFocus("email");
        }),
      )}
    >
      {formError ? (
        <p role="alert">
          <span id="refusal">{formError}</span>
        </p>
      ) : null}
      <label>
        Email
        <input {...form.register("email")} aria-describedby={formError ? "refusal" : undefined} />
      </label>
      <button type="submit">Sign Up</button>
    </form>
  );
}

it("leaves the focus on a field the message describes, and still scrolls the message into view", async () => {
  const user = userEvent.setup();
  render(<RetryForm onSubmit={() => Promise.reject(new ApiError(401, "invalid_code", "Incorrect code"))} />);
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  const alert = await screen.findByRole("alert");
  const email = screen.getByRole("textbox", { name: "Email" });
  await waitFor(() => expect(email).toHaveFocus());
  expect(email).toHaveAccessibleDescription("Incorrect code");
  await waitFor(() => expect(scrollIntoView.mock.contexts).toContain(alert));
  // Settled: nothing takes the focus away from the field afterwards.
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(email).toHaveFocus();
});

it("shows one message at a time, in field order, when asked to", async () => {
  const user = userEvent.setup();
  render(<SignupForm onSubmit={vi.fn()} firstErrorOnly />);
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(screen.getByText("Please enter your name")).toBeVisible();
  expect(screen.queryByText("Please enter a valid email")).not.toBeInTheDocument();
  expect(screen.getByRole("textbox", { name: "Email" })).not.toHaveAttribute("aria-invalid");

  await user.type(screen.getByRole("textbox", { name: "Name" }), "Asha");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(screen.queryByText("Please enter your name")).not.toBeInTheDocument();
  expect(screen.getByText("Please enter a valid email")).toBeVisible();
  expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus();
});

it("clears a server error when the next submit goes through", async () => {
  const user = userEvent.setup();
  const onSubmit = vi
    .fn()
    .mockRejectedValueOnce(new ApiError(409, "email_in_use", "This email is already registered"))
    .mockRejectedValueOnce(new ApiError(503, "unavailable", "Try again later"))
    .mockResolvedValueOnce(undefined);
  render(<SignupForm onSubmit={onSubmit} />);
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Asha");
  await user.type(screen.getByRole("textbox", { name: "Email" }), "asha@college.edu");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(await screen.findByText("This email is already registered")).toBeVisible();

  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Try again later");
  expect(screen.queryByText("This email is already registered")).not.toBeInTheDocument();

  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(onSubmit).toHaveBeenCalledTimes(3);
  expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  expect(screen.getByRole("textbox", { name: "Email" })).not.toHaveAttribute("aria-invalid");
});

it("shows a message for an error that is not the server's", async () => {
  const user = userEvent.setup();
  render(<SignupForm onSubmit={() => Promise.reject(new TypeError("boom"))} />);
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Asha");
  await user.type(screen.getByRole("textbox", { name: "Email" }), "asha@college.edu");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(await screen.findByRole("alert")).toHaveTextContent("Something went wrong.");
});

/** A schema that arrives when the test says so, as a slow network would bring it. */
function deferredSchema() {
  let arrive: () => void = () => undefined;
  const arrived = new Promise<typeof SignupSchema>((resolve) => {
    arrive = () => resolve(SignupSchema);
  });
  return { load: vi.fn(() => arrived), arrive };
}

it("loads the schema only once the form is used, starting on the first focus", async () => {
  const user = userEvent.setup();
  const schema = deferredSchema();
  render(<SignupForm onSubmit={vi.fn()} loadSchema={schema.load} />);
  expect(schema.load).not.toHaveBeenCalled();

  await user.click(screen.getByRole("textbox", { name: "Name" }));
  expect(schema.load).toHaveBeenCalled();
});

it("waits for a schema still on its way before it judges the form", async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn();
  const schema = deferredSchema();
  render(<SignupForm onSubmit={onSubmit} loadSchema={schema.load} />);
  await user.type(screen.getByRole("textbox", { name: "Name" }), "Asha");
  await user.click(screen.getByRole("button", { name: "Sign Up" }));
  expect(screen.queryByText("Please enter a valid email")).not.toBeInTheDocument();

  schema.arrive();
  expect(await screen.findByText("Please enter a valid email")).toBeVisible();
  expect(screen.getByRole("textbox", { name: "Email" })).toHaveFocus();
  expect(onSubmit).not.toHaveBeenCalled();
});
