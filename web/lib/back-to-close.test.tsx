import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import {
  BrowserRouter,
  createBrowserRouter,
  Link,
  Route,
  RouterProvider,
  Routes,
  useLocation,
  useNavigate,
} from "react-router";
import { describe, expect, it } from "vitest";
import { Menu } from "../components/ui/menu";
import { useBackToClose } from "./back-to-close";

function Viewer({ name }: { name: string }) {
  const [isOpen, setIsOpen] = useState(false);
  useBackToClose(isOpen, () => setIsOpen(false));
  return (
    <div>
      <button type="button" onClick={() => setIsOpen(true)}>
        Open {name}
      </button>
      {isOpen ? (
        <button type="button" onClick={() => setIsOpen(false)}>
          Close {name}
        </button>
      ) : null}
    </div>
  );
}

function SaveDialog() {
  const navigate = useNavigate();
  const close = () => navigate("/saved", { replace: true });
  useBackToClose(true, close);
  return (
    <div>
      <button type="button" onClick={close}>
        Cancel
      </button>
      <Link to="/elsewhere">Elsewhere</Link>
    </div>
  );
}
function Where() {
  const { pathname, search } = useLocation();
  return <p>At {`${pathname}${search}`}</p>;
}

function SavedPage() {
  return new URLSearchParams(useLocation().search).get("save") ? <SaveDialog /> : null;
}

const isMarked = () => JSON.stringify(window.history.state ?? {}).includes("backToClose");

describe("useBackToClose", () => {
  it("Back closes the open view and stays on the page; a view closed by its button takes its history entry away", async () => {
    const user = userEvent.setup();
    window.history.replaceState({ page: "item" }, "", "/item/1");
    const before = window.history.length;
    render(<Viewer name="photo" />);

    await user.click(screen.getByRole("button", { name: "Open photo" }));
    await waitFor(() => expect(window.history.length).toBe(before + 1));
    expect(isMarked()).toBe(true);
    // The page's own state is kept in the view's entry.
    expect(window.history.state).toMatchObject({ page: "item" });

    window.history.back();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Close photo" })).toBeNull());
    expect(window.location.pathname).toBe("/item/1");
    expect(window.history.state).toEqual({ page: "item" });

    // Closed by its button: the next Back would leave the page, not land on a closed view.
    await user.click(screen.getByRole("button", { name: "Open photo" }));
    await waitFor(() => expect(isMarked()).toBe(true));
    await user.click(screen.getByRole("button", { name: "Close photo" }));
    await waitFor(() => expect(isMarked()).toBe(false));
    expect(window.history.state).toEqual({ page: "item" });
  });

  it("with two views open, Back closes the one on top first", async () => {
    const user = userEvent.setup();
    window.history.replaceState({ page: "browse" }, "", "/buy");
    render(
      <>
        <Viewer name="menu" />
        <Viewer name="sheet" />
      </>,
    );
    await user.click(screen.getByRole("button", { name: "Open menu" }));
    await user.click(screen.getByRole("button", { name: "Open sheet" }));
    await waitFor(() => expect(screen.getByRole("button", { name: "Close sheet" })).toBeVisible());

    window.history.back();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Close sheet" })).toBeNull());
    expect(screen.getByRole("button", { name: "Close menu" })).toBeVisible();

    window.history.back();
    await waitFor(() => expect(screen.queryByRole("button", { name: "Close menu" })).toBeNull());
    expect(window.history.state).toEqual({ page: "browse" });
  });

  it("a view whose closing replaces the address, or that a link leaves, is stepped over by Back", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/start");
    render(
      <BrowserRouter>
        <Where />
        <Link to="/saved?save=1">Save</Link>
        <Routes>
          <Route path="/saved" element={<SavedPage />} />
          <Route path="*" element={null} />
        </Routes>
      </BrowserRouter>,
    );

    await user.click(screen.getByRole("link", { name: "Save" }));
    await waitFor(() => expect(isMarked()).toBe(true));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(screen.getByText("At /saved")).toBeVisible();
    // Back goes where it would have gone without the dialog, not to the dialog again.
    window.history.back();
    await waitFor(() => expect(screen.getByText("At /start")).toBeVisible());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText("At /start")).toBeVisible();

    // A link inside the open view: Back from the page it led to steps over the view's entry to
    // the address that opened it, as without the view (here it opens the dialog again).
    await user.click(screen.getByRole("link", { name: "Save" }));
    await waitFor(() => expect(isMarked()).toBe(true));
    await user.click(screen.getByRole("link", { name: "Elsewhere" }));
    expect(screen.getByText("At /elsewhere")).toBeVisible();
    window.history.back();
    await waitFor(() => expect(screen.getByText("At /saved?save=1")).toBeVisible());
    await waitFor(() => expect(isMarked()).toBe(true));
    expect(screen.getByRole("button", { name: "Cancel" })).toBeVisible();
    // And Back once more closes it, leaving the address as it was.
    window.history.back();
    await waitFor(() => expect(screen.getByText("At /saved")).toBeVisible());
  });

  it("Back closes an open menu; a link chosen from it goes to its page, and Back from there returns", async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, "", "/buy");
    const page = (name: string) => (
      <>
        <Where />
        <Menu trigger={`Menu on ${name}`} items={[{ label: "Profile", to: "/profile" }]} />
      </>
    );
    const router = createBrowserRouter([
      { path: "/buy", element: page("buy") },
      // A page that loads on demand, as the app's pages do: the router's step comes later.
      {
        path: "/profile",
        lazy: async () => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          return { element: page("profile") };
        },
      },
    ]);
    render(<RouterProvider router={router} />);

    await user.click(screen.getByRole("button", { name: "Menu on buy" }));
    await waitFor(() => expect(isMarked()).toBe(true));
    window.history.back();
    await waitFor(() => expect(screen.queryByRole("menu")).toBeNull());
    expect(screen.getByText("At /buy")).toBeVisible();
    expect(isMarked()).toBe(false);

    await user.click(screen.getByRole("button", { name: "Menu on buy" }));
    await waitFor(() => expect(isMarked()).toBe(true));
    await user.click(screen.getByRole("menuitem", { name: "Profile" }));
    await waitFor(() => expect(screen.getByText("At /profile")).toBeVisible());
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(screen.getByText("At /profile")).toBeVisible();
    expect(screen.queryByRole("menu")).toBeNull();
    window.history.back();
    await waitFor(() => expect(screen.getByText("At /buy")).toBeVisible());
    expect(screen.queryByRole("menu")).toBeNull();
  });
});
