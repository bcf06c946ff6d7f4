import { useEffect } from "react";
import type { FieldValues } from "react-hook-form";
import type { z } from "zod";
import type { ShowNotice } from "../../../components/ui/notice";
import { useDeferredZodForm } from "../../../lib/deferred-form";
import type { SchemaLoader, UseZodFormOptions } from "../../../lib/form";

type Schema = z.ZodType<FieldValues, FieldValues>;

/**
 * A Settings form bound to its shared schema. Settings answers in its one banner (spec): a refused
 * form puts its first problem there, the field it is about is marked invalid and focused. The
 * sections report the server's answers to the banner themselves. The form is drawn at once and bound
 * to react-hook-form on first use (`useDeferredZodForm`): draw `binding` inside it.
 */
export function useSettingsForm<S extends Schema>(
  loadSchema: SchemaLoader<S>,
  onResult: ShowNotice,
  options: UseZodFormOptions<S> = {},
) {
  const { form, handleSubmit, prepare, binding } = useDeferredZodForm(loadSchema, options);
  const { submitCount, errors } = form.formState;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per submit, not again while typing.
  useEffect(() => {
    const problem = Object.values(errors).find((error) => error?.message)?.message;
    if (submitCount > 0 && typeof problem === "string") onResult("error", problem);
  }, [submitCount]);

  /** For a field's control: marks it invalid while the schema refuses it. */
  const invalid = (name: Parameters<typeof form.getFieldState>[0]) =>
    form.getFieldState(name, form.formState).invalid || undefined;

  return { form, submit: handleSubmit, invalid, prepare, binding };
}
