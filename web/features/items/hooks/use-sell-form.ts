import type { Item, ItemInput } from "@shared/api/items";
import { CONDITIONS, type Condition } from "@shared/constants";
import { SELL_MESSAGES } from "@shared/validation/sell";
import { useEffect } from "react";
import { useNavigate } from "react-router";
import type { z } from "zod";
import { ApiError } from "../../../lib/api";
import { useDeferredZodForm } from "../../../lib/deferred-form";
import { useSession } from "../../../lib/session";
import { useCreateItem } from "../api/create-item";
import { useUpdateItem } from "../api/update-item";
import type { SellFormSchema } from "../form-schemas";
import { postedItemState } from "../item-live";
import { usePhotoUploads } from "./use-photo-uploads";

const loadSellFormSchema = () => import("../form-schemas").then((schemas) => schemas.SellFormSchema);
export type SellFormValues = z.input<typeof SellFormSchema>;

const EMPTY_FIELDS: SellFormValues = {
  productName: "",
  type: "",
  price: "",
  category: "gadgets",
  condition: "new",
  description: "",
  showMobileNumber: false,
  isNegotiable: true,
};

function fieldsFromItem(item: Item): SellFormValues {
  return {
    productName: item.productName,
    type: item.type,
    price: String(item.price),
    category: item.category,
    // Older items may carry a condition the form no longer offers; the form must send one of three.
    condition: CONDITIONS.includes(item.condition as Condition) ? (item.condition as Condition) : "used",
    description: item.description,
    showMobileNumber: item.showMobileNumber,
    isNegotiable: item.isNegotiable,
  };
}

function submitErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 401) return SELL_MESSAGES.notLoggedIn;
    if (error.status === 403) return SELL_MESSAGES.notYourItem;
    // Any other refusal (invalid input, the active-listings cap, a sold item, posting too fast):
    // the server's words say what to do. A failure of the server's own gets the generic words.
    if (error.status >= 400 && error.status < 500) return error.message;
  }
  return SELL_MESSAGES.submitFailed;
}

/** The Sell form; with `item` it edits that item instead of posting a new one. */
export function useSellForm(item: Item | null) {
  const { user, isLoading: isSessionLoading } = useSession();
  const navigate = useNavigate();
  const photos = usePhotoUploads(item ? (item.images.length > 0 ? item.images : [item.productImage]) : []);
  const sellForm = useDeferredZodForm(loadSellFormSchema, {
    defaultValues: item ? fieldsFromItem(item) : EMPTY_FIELDS,
    serverErrorMessage: submitErrorMessage,
  });
  const { form } = sellForm;

  const saveOptions = {
    onSuccess: (result: { item: Item }) => {
      form.reset(EMPTY_FIELDS);
      photos.clear();
      if (item) {
        navigate(`/item/${encodeURIComponent(result.item.id)}`);
        return;
      }
      // Browse says 'Your item is live!' and starts at the top, where the new item is.
      window.scrollTo({ top: 0 });
      navigate("/buy", { state: postedItemState(result.item) });
    },
  };
  const create = useCreateItem(saveOptions);
  const update = useUpdateItem(item?.id ?? "", saveOptions);
  const save = item ? update : create;

  // A message about the whole form (no image, a refused save) goes once the student changes anything.
  useEffect(() => {
    const subscription = form.watch(() => form.clearErrors("root"));
    return () => subscription.unsubscribe();
  }, [form]);

  const handleSubmit = sellForm.handleSubmit(async (values) => {
    if (save.isPending) return;
    const refuse = sellForm.showFormError;
    // The spec's order after the fields: image, signed in, profile loaded.
    const images = photos.urls;
    const productImage = images[0];
    if (!productImage) return refuse(SELL_MESSAGES.imageRequired);
    if (isSessionLoading) return refuse(SELL_MESSAGES.profileLoading);
    if (!user) return refuse(SELL_MESSAGES.notLoggedIn);
    const input: ItemInput = {
      ...values,
      productName: values.productName.trim(),
      type: values.type.trim(),
      description: values.description.trim(),
      productImage,
      images,
    };
    await save.mutateAsync(input);
  });

  // 'Please upload an image' (or a refused save) goes once a photo is chosen, like after any edit.
  function handleChoosePhotos(files: File[]) {
    form.clearErrors("root");
    photos.choose(files);
  }

  return {
    sellForm,
    handleChoosePhotos,
    photos,
    user,
    isEditing: item !== null,
    isSaving: save.isPending,
    canSubmit: !save.isPending && !photos.isUploading && !isSessionLoading && user !== null,
    handleSubmit,
  };
}
