import { thumbnailUrl } from "@shared/images";
import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearLoadedImages } from "./image-loading";
import { ItemThumbnail } from "./item-thumbnail";

const PHOTO = "/api/files/images/desk-lamp.jpg";

/** Fails the picture the card shows now and lets any retry delay pass. */
function failShownPicture() {
  fireEvent.error(screen.getByRole("img", { name: "Desk lamp" }));
  act(() => {
    vi.advanceTimersByTime(2000);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  clearLoadedImages();
});

afterEach(() => {
  vi.useRealTimers();
  onlineManager.setOnline(true);
});

describe("A card's picture", () => {
  it("gives up after the thumbnail, the original and two retries", () => {
    render(<ItemThumbnail url={PHOTO} alt="Desk lamp" isFirst />);
    expect(screen.getByRole("img", { name: "Desk lamp" })).toHaveAttribute("src", thumbnailUrl(PHOTO));
    for (let attempt = 0; attempt < 4; attempt += 1) failShownPicture();
    expect(screen.getByText("Image Not Available")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Desk lamp" })).not.toBeInTheDocument();
  });

  it("that failed offline is asked for again, afresh, once the connection is back", () => {
    act(() => onlineManager.setOnline(false));
    render(<ItemThumbnail url={PHOTO} alt="Desk lamp" isFirst />);
    const offlineTry = screen.getByRole("img", { name: "Desk lamp" });
    for (let attempt = 0; attempt < 4; attempt += 1) failShownPicture();
    expect(screen.getByText("Image Not Available")).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    const retried = screen.getByRole("img", { name: "Desk lamp" });
    expect(retried).toHaveAttribute("src", thumbnailUrl(PHOTO));
    // A new element: the browser requests the thumbnail again instead of keeping the failure.
    expect(retried).not.toBe(offlineTry);
    fireEvent.load(retried);
    expect(screen.queryByText("Image Not Available")).not.toBeInTheDocument();
    expect(retried).toHaveClass("size-full");
  });

  it("that failed online stays unavailable when the connection comes and goes", () => {
    render(<ItemThumbnail url={PHOTO} alt="Desk lamp" isFirst />);
    for (let attempt = 0; attempt < 4; attempt += 1) failShownPicture();
    act(() => onlineManager.setOnline(false));
    act(() => onlineManager.setOnline(true));
    expect(screen.getByText("Image Not Available")).toBeInTheDocument();
    expect(screen.queryByRole("img", { name: "Desk lamp" })).not.toBeInTheDocument();
  });
});
