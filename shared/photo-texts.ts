/** The Sell form's photo texts (issue 20, binding); apart, so pages without the form do not load them. */
import { MAX_ITEM_PHOTOS } from "./validation/sell";

export const PHOTO_TEXTS = {
  tooManyPhotos: `You can add at most ${MAX_ITEM_PHOTOS} photos.`,
  duplicatePhoto: "Each photo can be added only once.",
  coverMustBeFirst: "The cover photo must be the first photo.",
  cover: "Cover",
  moveLeft: "Move left",
  moveRight: "Move right",
  removePhoto: "Remove photo",
  addPhotos: "Add photos",
} as const;
