// The part of web/lib/deferred-form.ts that needs react-hook-form: downloaded when a deferred form
// is first used, with react-hook-form (web/lib/form.ts).
import { memo, type RefObject, useCallback, useLayoutEffect, useRef } from "react";
import type { FieldPath, FieldValues } from "react-hook-form";
import { type Schema, type SchemaLoader, type UseZodFormOptions, useZodForm, type ZodForm } from "./form";

export { loadZodResolver } from "./form";

/**
 * What a form drawn before react-hook-form arrived (web/lib/deferred-form.ts) gives the binding: its
 * schema and options as of its latest render, the values typed so far, and where the bound form goes.
 */
export interface FormBindingBridge<S extends Schema> {
  loadSchema: SchemaLoader<S>;
  options: UseZodFormOptions<S>;
  /** The fields' values as the student left them, read from the page as the form binds. */
  valuesSoFar: () => Record<string, unknown>;
  /** Called with the bound form after every change of its state, the first time once bound. */
  onBind: (bound: ZodForm<S>) => void;
}

/**
 * Binds a form already on screen: runs `useZodForm` and hands the result to the form's own component
 * through `bridge`. It draws nothing, and renders only when the form's state changes (its one prop
 * stays the same object), so the form re-renders once per change, as with `useZodForm` itself.
 */
export const ZodFormBinding = memo(function ZodFormBinding<S extends Schema>({
  bridge,
}: {
  bridge: RefObject<FormBindingBridge<S>>;
}) {
  const loadLatestSchema = useCallback(() => bridge.current.loadSchema(), [bridge]);
  const bound = useZodForm(loadLatestSchema, bridge.current.options);
  const carried = useRef(false);
  useLayoutEffect(() => {
    if (!carried.current) {
      carried.current = true;
      // What was typed before the binding arrived becomes the form's values (dirty against the
      // defaults), so registering the fields writes the same values back rather than the defaults.
      for (const [name, value] of Object.entries(bridge.current.valuesSoFar())) {
        bound.form.setValue(name as FieldPath<FieldValues> as never, value as never, { shouldDirty: true });
      }
    }
    bridge.current.onBind(bound);
  });
  return null;
});
