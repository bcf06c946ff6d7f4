import { type BaseSyntheticEvent, useCallback, useEffect, useRef, useState } from "react";
import {
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type SubmitHandler,
  type UseFormProps,
  type UseFormReturn,
  useForm,
} from "react-hook-form";
import type { z } from "zod";
import { ApiError } from "./api";

export type Schema = z.ZodType<FieldValues, FieldValues>;
type Input<S extends Schema> = z.input<S>;
type Output<S extends Schema> = z.output<S>;

/**
 * Where a form's schema comes from: a dynamic import of the module that holds it, e.g.
 * `() => import("../auth-schemas").then((m) => m.LoginFormSchema)`. zod and the schema then reach
 * the browser only when the form is used, not with the page.
 */
export type SchemaLoader<S extends Schema> = () => Promise<S>;

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
  /**
   * A failure that belongs to no field, or null. Draw it inside the <form> in an element with
   * role="alert" (the kit's `<Alert tone="error">`): once it shows, it is scrolled into view and
   * focused, so a phone's user sees why the button did nothing.
   */
  formError: string | null;
  /**
   * onSubmit for the <form>: validates, focuses the first invalid field (scrolled into view) or
   * runs `onValid`; an error `onValid` throws is shown through `setServerError`.
   */
  handleSubmit: (onValid: SubmitHandler<Output<S>>) => (event?: BaseSyntheticEvent) => Promise<void>;
  /**
   * Shows a failed request's error on its field (see `serverErrorFields`; the field is focused and
   * scrolled into view) or as `formError` (its alert is).
   */
  setServerError: (error: unknown) => void;
  /** Shows `message` as `formError`, scrolled into view and focused like a server error. */
  showFormError: (message: string) => void;
  /**
   * Starts loading the schema and zod, so that they are there by the time the form is submitted.
   * Give it to the <form>'s `onFocus` (fired when any of its fields gains focus).
   */
  prepare: () => void;
}

const ROOT_SERVER = "root.server" as const;

function defaultServerMessage(error: unknown): string {
  return error instanceof ApiError ? error.message : "Something went wrong.";
}

function schemaKeys(schema: Schema | undefined): string[] {
  const shape = (schema as { shape?: unknown } | undefined)?.shape;
  return shape && typeof shape === "object" ? Object.keys(shape) : [];
}

/** The first name in `order` that has an error, else the first error at all. */
function firstInvalid(errors: FieldErrors, order: readonly string[]): string | undefined {
  const names = Object.keys(errors).filter((name) => name !== "root");
  return order.find((name) => names.includes(name)) ?? names[0];
}

/** The alert in `form` that says `message` (with null: the first alert with words in it). */
function findAlert(form: HTMLFormElement, message: string | null): HTMLElement | null {
  const alerts = [...form.querySelectorAll<HTMLElement>('[role="alert"]')].filter((alert) =>
    alert.textContent?.trim(),
  );
  if (message === null) return alerts[0] ?? null;
  return alerts.find((alert) => alert.textContent?.includes(message)) ?? null;
}

/** How long a form-level message's alert is waited for before any alert is taken instead. */
const ALERT_WAIT_MS = 1000;

/** Whether `element` names (part of) `alert` in its aria-describedby, so it is read with it. */
function isDescribedBy(element: Element | null, alert: HTMLElement): boolean {
  const ids = element?.getAttribute("aria-describedby")?.split(/\s+/) ?? [];
  return ids.some((id) => {
    const description = id ? document.getElementById(id) : null;
    return description !== null && alert.contains(description);
  });
}

/**
 * Scrolls `alert` to the middle of the screen and focuses it, unless the focus is on a field the
 * alert describes (the form put it there for the next try, and the message is read with it).
 * False when there is no alert.
 */
function bringIntoView(alert: HTMLElement | null): boolean {
  if (!alert) return false;
  if (!isDescribedBy(document.activeElement, alert)) {
    if (!alert.hasAttribute("tabindex")) alert.setAttribute("tabindex", "-1");
    alert.focus({ preventScroll: true });
  }
  alert.scrollIntoView?.({ block: "center", behavior: "smooth" });
  return true;
}

/** The zod resolver, downloaded with a form's first use. */
export const loadZodResolver = () => import("@hookform/resolvers/zod").then((module) => module.zodResolver);

/**
 * A form bound to a zod schema from shared/: the same rules and messages the server applies,
 * checked in the browser first (react-hook-form with its zod resolver). The schema is loaded on
 * demand (`loadSchema`, started by `prepare` and awaited by the first check), so a page with a
 * form does not download zod until someone fills it in.
 */
export function useZodForm<S extends Schema>(
  loadSchema: SchemaLoader<S>,
  options: UseZodFormOptions<S> = {},
): ZodForm<S> {
  const {
    fieldOrder,
    firstErrorOnly = false,
    serverErrorFields = {},
    serverErrorMessage,
    ...formOptions
  } = options;
  // The latest loader (a form may switch schemas, e.g. between an app code and a recovery code)
  // and the schema it last gave, whose keys are the default field order.
  const latestLoader = useRef(loadSchema);
  latestLoader.current = loadSchema;
  const loaded = useRef<S | undefined>(undefined);

  const prepare = useCallback(() => {
    // A failed download is tried again by the check that needs it; nothing to report here.
    Promise.all([latestLoader.current(), loadZodResolver()]).catch(() => undefined);
  }, []);

  const resolver = useCallback<Resolver<Input<S>, unknown, Output<S>>>(
    async (values, context, resolverOptions) => {
      const [schema, zodResolver] = await Promise.all([latestLoader.current(), loadZodResolver()]);
      loaded.current = schema;
      const resolve = zodResolver(schema) as unknown as Resolver<Input<S>, unknown, Output<S>>;
      return resolve(values, context, resolverOptions);
    },
    [],
  );

  const form = useForm<Input<S>, unknown, Output<S>>({
    ...formOptions,
    resolver,
    // Focus is moved here instead, in field order and scrolled into view.
    shouldFocusError: false,
  });
  // Read when errors are shown, which is after a check, so after the schema has loaded.
  const orderOf = useCallback(
    (): readonly string[] => fieldOrder ?? schemaKeys(loaded.current),
    [fieldOrder],
  );
  const { errors } = form.formState;

  // The <form> last submitted, where a form-level error's alert is looked for.
  const formElement = useRef<HTMLFormElement | null>(null);

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

  // A form-level message waiting to be brought into view, and a count that asks for it again
  // when the same message is shown twice in a row.
  const pendingAlert = useRef<string | null>(null);
  const [alertRequest, setAlertRequest] = useState(0);
  const formError = errors.root?.server?.message ?? null;

  const showFormError = useCallback(
    (message: string) => {
      pendingAlert.current = message;
      form.setError(ROOT_SERVER, { type: "server", message });
      setAlertRequest((count) => count + 1);
    },
    [form],
  );

  // Once the alert saying it is drawn, it takes the focus and is scrolled into view. The form that
  // draws it may commit after this hook's component does (a deferred form's binding is a sibling),
  // so an alert not there yet is waited for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: alertRequest asks for a second run with an unchanged message.
  useEffect(() => {
    const message = pendingAlert.current;
    const element = formElement.current;
    if (message === null || formError !== message || !element?.isConnected) return;
    pendingAlert.current = null;
    if (bringIntoView(findAlert(element, message))) return;
    const stop = () => {
      observer.disconnect();
      window.clearTimeout(giveUp);
    };
    const observer = new MutationObserver(() => {
      if (bringIntoView(findAlert(element, message))) stop();
    });
    observer.observe(element, { childList: true, subtree: true, characterData: true });
    // Drawn in other words than the message's own: any alert the form shows by then.
    const giveUp = window.setTimeout(() => {
      observer.disconnect();
      bringIntoView(findAlert(element, null));
    }, ALERT_WAIT_MS);
    return stop;
  }, [formError, alertRequest]);

  const setServerError = useCallback(
    (error: unknown) => {
      const message = (serverErrorMessage ?? defaultServerMessage)(error);
      const field = error instanceof ApiError ? serverErrorFields[error.code] : undefined;
      if (field) {
        form.setError(field, { type: "server", message });
        focusField(field);
      } else {
        showFormError(message);
      }
    },
    [form, focusField, showFormError, serverErrorFields, serverErrorMessage],
  );

  const handleSubmit = useCallback(
    (onValid: SubmitHandler<Output<S>>) => (event?: BaseSyntheticEvent) => {
      const target = event?.currentTarget ?? event?.target;
      if (target instanceof HTMLFormElement) formElement.current = target;
      return form.handleSubmit(
        async (values, event) => {
          try {
            await onValid(values, event);
          } catch (error) {
            setServerError(error);
          }
        },
        (invalid) => {
          const first = firstInvalid(invalid, orderOf());
          if (first) focusField(first);
        },
      )(event);
    },
    [form, orderOf, focusField, setServerError],
  );

  const shownFirst = firstErrorOnly ? firstInvalid(errors, orderOf()) : undefined;
  const fieldError = (name: FieldPath<Input<S>>): string | undefined => {
    if (firstErrorOnly && name !== shownFirst) return undefined;
    const error = form.getFieldState(name, form.formState).error;
    return error?.message;
  };

  return {
    form,
    fieldError,
    formError,
    handleSubmit,
    setServerError,
    showFormError,
    prepare,
  };
}
