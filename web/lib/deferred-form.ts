import {
  type BaseSyntheticEvent,
  createElement,
  type ReactElement,
  useCallback,
  useEffect,
  useRef,
  useState,
} from "react";
import type { FieldError, UseFormReturn } from "react-hook-form";
import type { z } from "zod";
import type { Schema, SchemaLoader, UseZodFormOptions, ZodForm } from "./form";
import type { FormBindingBridge } from "./form-binding";

type Input<S extends Schema> = z.input<S>;

/** `useZodForm`'s form, plus the element that binds it once react-hook-form has arrived. */
export interface DeferredZodForm<S extends Schema> extends ZodForm<S> {
  /** Draw it anywhere in the form's component (it draws nothing itself). */
  binding: ReactElement | null;
}

type BindingModule = typeof import("./form-binding");

// One download for every form on the page, and none again once a form anywhere has bound.
let bindingModule: BindingModule | undefined;
let bindingLoad: Promise<BindingModule> | undefined;

function loadBinding(): Promise<BindingModule> {
  bindingLoad ??= import("./form-binding").then(
    (module) => {
      bindingModule = module;
      return module;
    },
    (error: unknown) => {
      // A failed download is tried again by the next focus, input or submit.
      bindingLoad = undefined;
      throw error;
    },
  );
  return bindingLoad;
}

type FieldElement = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

const isInput = (element: FieldElement): element is HTMLInputElement => element instanceof HTMLInputElement;

/** A field's value as react-hook-form reads it from the page. */
function readValue(elements: FieldElement[], fallback: unknown): unknown {
  const [first] = elements;
  if (!first) return fallback;
  if (isInput(first) && first.type === "radio") {
    return elements.find((element) => isInput(element) && element.checked)?.value ?? null;
  }
  if (isInput(first) && first.type === "checkbox") {
    if (elements.length > 1) {
      return elements
        .filter((element) => isInput(element) && element.checked)
        .map((element) => element.value);
    }
    if (!first.checked) return false;
    return first.hasAttribute("value") ? first.value : true;
  }
  return first.value;
}

/** Shows `value` in a field, as react-hook-form does when it registers one. */
function writeValue(element: FieldElement, value: unknown): void {
  if (isInput(element) && (element.type === "radio" || element.type === "checkbox")) {
    element.checked = Array.isArray(value)
      ? value.includes(element.value)
      : typeof value === "boolean"
        ? value
        : value === element.value;
  } else if (!(isInput(element) && element.type === "file")) {
    element.value = value === null || value === undefined ? "" : String(value);
  }
}

const NO_FIELD_STATE = {
  invalid: false,
  isDirty: false,
  isTouched: false,
  isValidating: false,
  error: undefined,
};

type Watcher = (values: Record<string, unknown>, info: { name?: string; type?: string }) => void;

/**
 * `useZodForm` for a form that shows on a page's first paint, without react-hook-form in the page's
 * download (the pages' JavaScript budgets, decisions 019 and 012). The form is drawn at once with
 * the same markup: until react-hook-form arrives, `form.register` gives plain uncontrolled fields
 * that remember what is typed, `form.watch` reads it, and nothing is checked yet. The binding (react-hook-form, the resolver, zod and
 * the schema) is fetched on the form's first focus (`prepare`), first input or first submit, and takes
 * the form over in place: nothing is redrawn, focus and the caret stay, and the typed values become
 * the form's. A submit made before it arrives is made again once it has, so it is checked all the same.
 *
 * Draw `binding` in the component. Before binding, `form` offers register, watch, getValues, setValue,
 * reset, setFocus, getFieldState, clearErrors and formState; setError, trigger, resetField and
 * unregister wait for the binding; `control` (Controller, useWatch) needs `useZodForm` instead.
 * Options are read as the form binds and, after that, whenever its state changes.
 */
export function useDeferredZodForm<S extends Schema>(
  loadSchema: SchemaLoader<S>,
  options: UseZodFormOptions<S> = {},
): DeferredZodForm<S> {
  const [module, setModule] = useState<BindingModule | undefined>(bindingModule);
  const [bound, setBound] = useState<ZodForm<S> | null>(null);

  const defaults = useRef<Record<string, unknown>>({ ...(options.defaultValues as Record<string, unknown>) });
  const values = useRef<Record<string, unknown>>({ ...defaults.current });
  const [, setValuesShown] = useState(values.current);
  const elements = useRef(new Map<string, Set<FieldElement>>());
  const watchers = useRef(new Set<Watcher>());
  const afterBinding = useRef<((form: ZodForm<S>) => void)[]>([]);

  const fieldElements = useCallback(
    (name: string) => [...(elements.current.get(name) ?? [])].filter((element) => element.isConnected),
    [],
  );
  const currentValues = useCallback(() => {
    const read: Record<string, unknown> = { ...values.current };
    for (const name of elements.current.keys()) read[name] = readValue(fieldElements(name), read[name]);
    return read;
  }, [fieldElements]);

  const bridge = useRef<FormBindingBridge<S>>({
    loadSchema,
    options,
    valuesSoFar: currentValues,
    onBind: setBound,
  });
  bridge.current.loadSchema = loadSchema;
  bridge.current.options = { ...options, defaultValues: defaults.current as typeof options.defaultValues };

  const start = useCallback(() => {
    if (bindingModule) {
      setModule(bindingModule);
      return;
    }
    loadBinding().then(setModule, () => undefined);
  }, []);

  const prepare = useCallback(() => {
    start();
    // zod and the schema come in parallel with react-hook-form, the resolver right after it; the
    // check awaits them.
    Promise.all([
      bridge.current.loadSchema(),
      loadBinding().then((binding) => binding.loadZodResolver()),
    ]).catch(() => undefined);
  }, [start]);

  // A submit made before the binding: the <form> to submit again once bound, or the handler to run.
  const pendingSubmit = useRef<{ form: HTMLFormElement | null; run: (form: ZodForm<S>) => void } | null>(
    null,
  );

  useEffect(() => {
    if (!bound) return;
    const queued = afterBinding.current.splice(0);
    for (const run of queued) run(bound);
    const submit = pendingSubmit.current;
    pendingSubmit.current = null;
    if (submit?.form?.isConnected) submit.form.requestSubmit();
    else submit?.run(bound);
  }, [bound]);

  const [unbound] = useState(() => {
    const later =
      <A extends unknown[], R>(pick: (form: ZodForm<S>) => (...args: A) => R) =>
      (...args: A) =>
        new Promise<Awaited<R>>((resolve, reject) => {
          afterBinding.current.push((form) => {
            Promise.resolve(pick(form)(...args)).then(resolve, reject);
          });
          start();
        });

    const change = (name: string | undefined, type: string) => {
      setValuesShown({ ...values.current });
      for (const watcher of watchers.current) watcher({ ...values.current }, { name, type });
    };
    const show = (next: Record<string, unknown>) => {
      values.current = { ...next };
      for (const [name, set] of elements.current) {
        for (const element of set) if (element.isConnected) writeValue(element, values.current[name]);
      }
      change(undefined, "reset");
    };

    const form = {
      register: (name: string, fieldOptions?: { disabled?: boolean }) => ({
        name,
        ...(fieldOptions?.disabled === undefined ? {} : { disabled: fieldOptions.disabled }),
        onChange: async () => {
          values.current = {
            ...values.current,
            [name]: readValue(fieldElements(name), values.current[name]),
          };
          change(name, "change");
          start();
        },
        onBlur: async () => undefined,
        ref: (element: FieldElement | null) => {
          if (!element) return;
          const set = elements.current.get(name) ?? new Set<FieldElement>();
          elements.current.set(name, set);
          if (set.has(element)) return;
          set.add(element);
          writeValue(element, values.current[name]);
        },
      }),
      watch: (what?: unknown) => {
        if (typeof what === "function") {
          const watcher = what as Watcher;
          watchers.current.add(watcher);
          return { unsubscribe: () => watchers.current.delete(watcher) };
        }
        if (Array.isArray(what)) return what.map((name: string) => values.current[name]);
        return typeof what === "string" ? values.current[what] : { ...values.current };
      },
      getValues: (what?: unknown) => {
        const read = currentValues();
        if (Array.isArray(what)) return what.map((name: string) => read[name]);
        return typeof what === "string" ? read[what] : read;
      },
      setValue: (name: string, value: unknown) => {
        values.current = { ...values.current, [name]: value };
        for (const element of fieldElements(name)) writeValue(element, value);
        change(name, "change");
      },
      reset: (next?: Record<string, unknown>) => {
        if (next) defaults.current = { ...next };
        show(defaults.current);
      },
      setFocus: (name: string) => fieldElements(name)[0]?.focus(),
      getFieldState: () => NO_FIELD_STATE,
      clearErrors: () => undefined,
      setError: later((bound) => bound.form.setError),
      trigger: later((bound) => bound.form.trigger),
      resetField: later((bound) => bound.form.resetField),
      unregister: later((bound) => bound.form.unregister),
      get formState() {
        return {
          errors: {} as Record<string, FieldError>,
          defaultValues: defaults.current,
          isDirty: false,
          dirtyFields: {},
          touchedFields: {},
          validatingFields: {},
          isSubmitted: false,
          isSubmitting: false,
          isSubmitSuccessful: false,
          isValid: false,
          isValidating: false,
          isLoading: false,
          isReady: false,
          disabled: false,
          submitCount: 0,
        };
      },
      get control(): never {
        throw new Error("A deferred form has no control until it is bound; use useZodForm for Controller.");
      },
    } as unknown as UseFormReturn<Input<S>, unknown, z.output<S>>;

    const handleSubmit: ZodForm<S>["handleSubmit"] = (onValid) => async (event?: BaseSyntheticEvent) => {
      event?.preventDefault?.();
      const target = event?.currentTarget ?? event?.target;
      pendingSubmit.current = {
        form: target instanceof HTMLFormElement ? target : null,
        run: (bound) => void bound.handleSubmit(onValid)(),
      };
      prepare();
    };

    return {
      form,
      fieldError: () => undefined,
      formError: null,
      handleSubmit,
      setServerError: (error: unknown) => void later((bound) => bound.setServerError)(error),
      showFormError: (message: string) => void later((bound) => bound.showFormError)(message),
      prepare,
    } satisfies ZodForm<S>;
  });

  const binding = module
    ? createElement(module.ZodFormBinding as unknown as (props: { bridge: typeof bridge }) => null, {
        bridge,
      })
    : null;
  return bound ? { ...bound, prepare, binding } : { ...unbound, binding };
}
