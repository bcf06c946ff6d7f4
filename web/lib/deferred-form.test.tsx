import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, it, vi } from "vitest";
import { z } from "zod";
import { Field, TextField } from "../components/ui/field";
import { ApiError } from "./api";
import { useDeferredZodForm } from "./deferred-form";

// react-hook-form's part arrives when the test says so, as over a slow network.
const arrival = vi.hoisted(() => {
  let release: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { arrived, release: () => release() };
});
vi.mock("./form-binding", async (importOriginal) => {
  await arrival.arrived;
  return importOriginal();
});

const ListingSchema = z.object({
  title: z.string().trim().min(1, "Please enter a title"),
  price: z.string().regex(/^\d+$/, "Please enter whole rupees"),
  notes: z.string().max(10, "Notes are too long"),
  offers: z.boolean(),
});

function ListingForm({ onSubmit }: { onSubmit: (values: z.output<typeof ListingSchema>) => Promise<void> }) {
  const { form, fieldError, formError, handleSubmit, prepare, binding } = useDeferredZodForm(
    () => Promise.resolve(ListingSchema),
    {
      defaultValues: { title: "", price: "", notes: "", offers: true },
      serverErrorFields: { price_too_high: "price" },
    },
  );
  const offers = form.watch("offers");
  return (
    <form noValidate onFocus={prepare} onSubmit={handleSubmit(onSubmit)}>
      {binding}
      <TextField label="Title" error={fieldError("title")} {...form.register("title")} />
      <TextField label="Price" error={fieldError("price")} {...form.register("price")} />
      <Field label="Notes" error={fieldError("notes")}>
        {(control) => <textarea {...control} {...form.register("notes")} />}
      </Field>
      <label>
        <input type="checkbox" {...form.register("offers")} /> Open to offers
      </label>
      <p>{offers ? "Buyers can make offers" : "Fixed price"}</p>
      {formError ? <p role="alert">{formError}</p> : null}
      <button type="submit">Post</button>
    </form>
  );
}

const originalScrollIntoView = HTMLElement.prototype.scrollIntoView;
beforeEach(() => {
  HTMLElement.prototype.scrollIntoView = vi.fn();
});
afterEach(() => {
  HTMLElement.prototype.scrollIntoView = originalScrollIntoView;
});

it("is drawn and typed in before react-hook-form arrives, then keeps the input and a submit made meanwhile", async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn(async () => {
    throw new ApiError(400, "price_too_high", "That price is too high");
  });
  render(<ListingForm onSubmit={onSubmit} />);

  // Drawn at once, with its defaults, and usable: typing, ticking and watching work unbound.
  expect(screen.getByRole("checkbox", { name: "Open to offers" })).toBeChecked();
  await user.type(screen.getByRole("textbox", { name: "Notes" }), "far too long");
  await user.click(screen.getByRole("checkbox", { name: "Open to offers" }));
  expect(screen.getByText("Fixed price")).toBeInTheDocument();
  await user.type(screen.getByRole("textbox", { name: "Price" }), "45");
  await user.click(screen.getByRole("button", { name: "Post" }));
  // Nothing is checked or sent before the binding is in.
  expect(screen.queryByText("Please enter a title")).not.toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();

  const notes = screen.getByRole("textbox", { name: "Notes" });
  arrival.release();

  // The submit is made once bound: the schema's messages, the first invalid field focused.
  expect(await screen.findByText("Please enter a title")).toBeInTheDocument();
  expect(screen.getByText("Notes are too long")).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole("textbox", { name: "Title" })).toHaveFocus());
  // The same field, not a new one drawn in its place.
  expect(screen.getByRole("textbox", { name: "Notes" })).toBe(notes);
  expect(notes).toHaveValue("far too long");
  expect(screen.getByRole("textbox", { name: "Price" })).toHaveValue("45");
  expect(screen.getByRole("checkbox", { name: "Open to offers" })).not.toBeChecked();
  expect(screen.getByText("Fixed price")).toBeInTheDocument();

  // Bound, typing carries on in place, and a server's refusal goes to its field.
  await user.type(screen.getByRole("textbox", { name: "Title" }), "Desk");
  await user.clear(screen.getByRole("textbox", { name: "Notes" }));
  await user.click(screen.getByRole("button", { name: "Post" }));
  await waitFor(() =>
    expect(onSubmit).toHaveBeenCalledWith(
      { title: "Desk", price: "45", notes: "", offers: false },
      expect.anything(),
    ),
  );
  expect(await screen.findByText("That price is too high")).toBeInTheDocument();
  await waitFor(() => expect(screen.getByRole("textbox", { name: "Price" })).toHaveFocus());
});

it("binds as it is drawn once react-hook-form is in, from an earlier form", async () => {
  const user = userEvent.setup();
  const onSubmit = vi.fn(async () => undefined);
  render(<ListingForm onSubmit={onSubmit} />);
  await user.click(screen.getByRole("button", { name: "Post" }));
  expect(await screen.findByText("Please enter a title")).toBeInTheDocument();
  expect(onSubmit).not.toHaveBeenCalled();
});
