import { type Item, type ItemInput, ItemInputSchema } from "@shared/api/items";
import { type Category, CONDITIONS, type Condition } from "@shared/constants";
import { parsePrice, SELL_MESSAGES } from "@shared/validation/sell";
import { type FormEvent, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { ApiError } from "../../../lib/api";
import { useSession } from "../../../lib/session";
import { useCreateItem } from "../api/create-item";
import { useUpdateItem } from "../api/update-item";
import { useImageUpload } from "./use-image-upload";

export interface SellFields {
  productName: string;
  type: string;
  /** As typed; parsed to whole rupees on submit. */
  price: string;
  category: Category;
  condition: Condition;
  description: string;
  showMobileNumber: boolean;
}

/** Fields whose message shows under the field itself. */
export type SellFieldName = "productName" | "type" | "price" | "description";
type FieldErrors = Partial<Record<SellFieldName, string>>;

const EMPTY_FIELDS: SellFields = {
  productName: "",
  type: "",
  price: "",
  category: "gadgets",
  condition: "new",
  description: "",
  showMobileNumber: false,
};

function fieldsFromItem(item: Item): SellFields {
  return {
    productName: item.productName,
    type: item.type,
    price: String(item.price),
    category: item.category,
    // Older items may carry a condition the form no longer offers; the form must send one of three.
    condition: CONDITIONS.includes(item.condition as Condition) ? (item.condition as Condition) : "used",
    description: item.description,
    showMobileNumber: item.showMobileNumber,
  };
}

const FIELD_ORDER: SellFieldName[] = ["productName", "type", "price", "description"];

/** The first message per field, from the same schema the server validates with. */
function checkFields(input: ItemInput): FieldErrors {
  const result = ItemInputSchema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as SellFieldName;
    if (FIELD_ORDER.includes(field) && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    // Invalid input, or posting too fast: the server's words say what to do.
    if (error.status === 400 || error.status === 429) return error.message;
    if (error.status === 401) return SELL_MESSAGES.notLoggedIn;
    if (error.status === 403) return SELL_MESSAGES.notYourItem;
  }
  return SELL_MESSAGES.submitFailed;
}

/** State and submit of the Sell form; with `item` it edits that item instead of posting a new one. */
export function useSellForm(item: Item | null) {
  const { user, isLoading: isSessionLoading } = useSession();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState(() => (item ? fieldsFromItem(item) : EMPTY_FIELDS));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const image = useImageUpload(item?.productImage ?? null);

  const saveOptions = {
    onSuccess: (result: { item: Item }) => {
      setFields(EMPTY_FIELDS);
      image.remove();
      navigate(item ? `/item/${encodeURIComponent(result.item.id)}` : "/buy");
    },
    onError: (error: Error) => setFormError(submitErrorMessage(error)),
  };
  const create = useCreateItem(saveOptions);
  const update = useUpdateItem(item?.id ?? "", saveOptions);
  const save = item ? update : create;

  function changeField<K extends keyof SellFields>(name: K, value: SellFields[K]) {
    setFields((current) => ({ ...current, [name]: value }));
    setFormError(null);
    if (name in fieldErrors) setFieldErrors((current) => ({ ...current, [name]: undefined }));
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    if (save.isPending) return;
    const input: ItemInput = {
      productName: fields.productName.trim(),
      type: fields.type.trim(),
      price: parsePrice(fields.price) ?? Number.NaN,
      category: fields.category,
      condition: fields.condition,
      description: fields.description.trim(),
      showMobileNumber: fields.showMobileNumber,
      productImage: image.url ?? "",
    };
    const errors = checkFields(input);
    setFieldErrors(errors);
    const firstInvalid = FIELD_ORDER.find((field) => errors[field]);
    if (firstInvalid) {
      setFormError(null);
      (formRef.current?.elements.namedItem(firstInvalid) as HTMLElement | null)?.focus();
      return;
    }
    // The spec's order after the fields: image, signed in, profile loaded.
    const blocker = !input.productImage
      ? SELL_MESSAGES.imageRequired
      : isSessionLoading
        ? SELL_MESSAGES.profileLoading
        : !user
          ? SELL_MESSAGES.notLoggedIn
          : null;
    setFormError(blocker);
    if (!blocker) save.mutate(input);
  }

  return {
    formRef,
    fields,
    fieldErrors,
    formError,
    image,
    user,
    isEditing: item !== null,
    isSaving: save.isPending,
    canSubmit: !save.isPending && !image.isUploading && !isSessionLoading && user !== null,
    changeField,
    handleSubmit,
  };
}
