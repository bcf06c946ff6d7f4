// The labelled input now lives with `Field`; this path stays for the screens that import it.
export { inputClasses, labelClasses, TextField, type TextFieldProps } from "./field";
