import { onlineManager } from "@tanstack/react-query";
import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, NETWORK_ERROR_CODE } from "../../lib/api";
import { isConnectionFailure, OFFLINE_REFUSAL, OfflineRefusal, useOfflineRefusal } from "./offline-refusal";

const onLine = vi.spyOn(navigator, "onLine", "get");

afterEach(() => {
  onLine.mockReturnValue(true);
  onlineManager.setOnline(true);
});

/** A button whose action needs the server, as the app's are: `send` runs it, `fail` its failure. */
function SendButton({ send, failure }: { send: () => void; failure?: unknown }) {
  const refusal = useOfflineRefusal();
  return (
    <>
      <button
        type="button"
        onClick={() =>
          refusal.attempt(() => {
            send();
            if (failure !== undefined) refusal.noteFailure(failure);
          })
        }
      >
        Send
      </button>
      <OfflineRefusal shown={refusal.isRefused} />
    </>
  );
}

describe("an action that needs the server, offline", () => {
  it("is refused where it was asked for, in plain words, and not run", () => {
    const send = vi.fn();
    render(<SendButton send={send} />);
    expect(screen.queryByRole("alert")).toBeNull();

    act(() => onlineManager.setOnline(false));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));

    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent("You're offline. Try again when you're back online.");
  });

  it("is refused when the browser says it is offline, though the app has not heard yet", () => {
    const send = vi.fn();
    onLine.mockReturnValue(false);
    render(<SendButton send={send} />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(send).not.toHaveBeenCalled();
    expect(screen.getByRole("alert")).toHaveTextContent(OFFLINE_REFUSAL);
  });

  it("stops saying so when the connection is back, and then runs", () => {
    const send = vi.fn();
    render(<SendButton send={send} />);
    act(() => onlineManager.setOnline(false));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert")).toBeInTheDocument();

    act(() => onlineManager.setOnline(true));
    expect(screen.queryByRole("alert")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(send).toHaveBeenCalledOnce();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("is refused when its request failed for lack of a connection", () => {
    const network = new ApiError(
      0,
      NETWORK_ERROR_CODE,
      "Network error. Please check your internet connection.",
    );
    render(<SendButton send={() => {}} failure={network} />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert")).toHaveTextContent(OFFLINE_REFUSAL);
  });

  it("leaves a refusal by the server to the action's own words", () => {
    const refused = new ApiError(403, "forbidden", "You can't do that.");
    render(<SendButton send={() => {}} failure={refused} />);
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(isConnectionFailure(refused)).toBe(false);
  });
});
