import { zodResolver } from "@hookform/resolvers/zod";
import { type BaseSyntheticEvent, useCallback, useMemo } from "react";
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "./api";

type Schema = z.ZodType<FieldValues, FieldValues>;
type Input<S extends Schema> = z.input<S>;
type Output<S extends Schema> = z.output<S>;

export interface UseZodFormOptions<S extends Schema>
  extends Omit<UseFormProps<Input<S>, unknown, Output<S>>, "resolver"> {
  /**
   * The order "first" means, for the field focused after a failed submit and for `firstErrorOnly`.
   * By default the order of the schema's keys, which is the order the form shows them in.
   */
  fieldOrder?: readonly FieldPath<Input<S>>[];
  /** Show only the first error in field order at a time (signup's rule: one message, in order). */
  firstErrorOnly?: boolean;
  /** Server error codes that belong to one field, e.g. `{ email_in_use: "email" }`; others are form-level. */
  serverErrorFields?: Partial<Record<string, FieldPath<Input<S>>>>;
  /** The words for a failed request; by default the server's message. */
  serverErrorMessage?: (error: unknown) => string;
}

export interface ZodForm<S extends Schema> {
  /** react-hook-form's own API: register, control, setValue, watch, reset, formState... */
  form: UseFormReturn<Input<S>, unknown, Output<S>>;
  /** The message to show under a field, or undefined; honours `firstErrorOnly`. Pass to `Field`'s `error`. */
  fieldError: (name: FieldPath<Input<S>>) => string | undefined;
  /** A failure that belongs to no field (shown above the submit button), or null. */
  formError: string | null;
  /**
   * onSubmit for the <form>: validates, focuses the first invalid field (scrolled into view) or
   * runs `onValid`; an error `onValid` throws is shown through `setServerError`.
   */
  handleSubmit: (onValid: SubmitHandler<Output<S>>) => (event?: BaseSyntheticEvent) => Promise<void>;
  /** Shows a failed request's error on its field (see `serverErrorFields`) or as `formError`. */
  setServerError: (error: unknown) => void;
}

const ROOT_SERVER = "root.server" as const;

function defaultServerMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong.";
}

function schemaKeys(schema: Schema): string[] {
  const shape = (schema as { shape?: unknown }).shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

/** The first name in `order` that has an error, else the first error at all. */
function firstInvalid(errors: FieldErrors, order: readonly string[]): string | undefined {
  const names = Object.keys(errors).filter((name) => name !== "root");
  return order.find((name) => names.includes(name)) ?? names[0];
}

/**
 * A form bound to a zod schema from shared/: the same rules and messages the server applies,
 * checked in the browser first (react-hook-form with its zod resolver).
 */
export function useZodForm<S extends Schema>(schema: S, options: UseZodFormOptions<S> = {}): ZodForm<S> {
  const {
    fieldOrder,
    firstErrorOnly = false,
    serverErrorFields = {},
    serverErrorMessage,
    ...formOptions
  } = options;
  const form = useForm<Input<S>, unknown, Output<S>>({
    ...formOptions,
    resolver: zodResolver(schema),
    // Focus is moved here instead, in field order and scrolled into view.
    shouldFocusError: false,
  });
  const order = useMemo<readonly string[]>(() => fieldOrder ?? schemaKeys(schema), [fieldOrder, schema]);
  const { errors } = form.formState;

  const focusField = useCallback(
    (name: string) => {
      form.setFocus(name as FieldPath<Input<S>>);
      // setFocus focuses on the next task; scroll once it has, so a field under the fold is seen
      // in the middle of the screen rather than at its edge.
      window.setTimeout(() => {
        const focused = document.activeElement;
        if (focused instanceof HTMLElement && focused !== document.body) {
          focused.scrollIntoView?.({ block: "center", behavior: "smooth" });
        }
      });
    },
    [form],
  );

  const setServerError = useCallback(
    (error: unknown) => {
      const message = (serverErrorMessage ?? defaultServerMessage)(error);
      const field = error instanceof ApiError ? serverErrorFields[error.code] : undefined;
      if (field) {
        form.setError(field, { type: "server", message });
        focusField(field);
      } else {
        form.setError(ROOT_SERVER, { type: "server", message });
      }
    },
    [form, focusField, serverErrorFields, serverErrorMessage],
  );

  const handleSubmit = useCallback(
    (onValid: SubmitHandler<Output<S>>) =>
      form.handleSubmit(
        async (values, event) => {
          try {
            await onValid(values, event);
          } catch (error) {
            setServerError(error);
          }
        },
        (invalid) => {
          const first = firstInvalid(invalid, order);
          if (first) focusField(first);
        },
      ),
    [form, order, focusField, setServerError],
  );

  const shownFirst = firstErrorOnly ? firstInvalid(errors, order) : undefined;
  const fieldError = (name: FieldPath<Input<S>>): string | undefined => {
    if (firstErrorOnly && name !== shownFirst) return undefined;
    const error = form.getFieldState(name, form.formState).error;
    return error?.message;
  };

  return {
    form,
    fieldError,
    formError: errors.root?.server?.message ?? null,
    handleSubmit,
    setServerError,
  };
}
