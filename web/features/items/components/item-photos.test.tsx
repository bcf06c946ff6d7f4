import { variantUrl } from "@shared/images";
import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ItemPhotos } from "./item-photos";

const PHOTO = "/api/files/images/desk-lamp.jpg";

afterEach(() => {
  onlineManager.setOnline(true);
});

/** The cover photo as shown now. */
const cover = () => screen.getByRole("img", { name: "Desk Lamp" });

describe("The item page's cover photo", () => {
  it("falls back to the original, then to the placeholder", () => {
    render(<ItemPhotos images={[PHOTO]} name="Desk Lamp" />);
    expect(cover()).toHaveAttribute("src", variantUrl(PHOTO, "detail"));
    fireEvent.error(cover());
    expect(cover()).toHaveAttribute("src", PHOTO);
    fireEvent.error(cover());
    expect(screen.getByText("Image Not Available")).toBeInTheDocument();
    // Online, the failure stands when the connection comes and goes.
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    expect(screen.getByText("Image Not Available")).toBeInTheDocument();
  });

  it("that failed offline is asked for again, afresh, once the connection is back", () => {
    act(() => onlineManager.setOnline(false));
    render(<ItemPhotos images={[PHOTO]} name="Desk Lamp" />);
    const offlineTry = cover();
    fireEvent.error(cover());
    fireEvent.error(cover());
    expect(screen.getByText("Image Not Available")).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    expect(cover()).toHaveAttribute("src", variantUrl(PHOTO, "detail"));
    // A new element: the browser requests the photo again instead of keeping the failure.
    expect(cover()).not.toBe(offlineTry);
    fireEvent.load(cover());
    expect(screen.queryByText("Image Not Available")).not.toBeInTheDocument();
  });
});
