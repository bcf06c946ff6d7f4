import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { fakeApi, renderScreen } from "../../../../tests/helpers/render-screen";
import { useBrowseFilters } from "./use-browse-filters";

const STUDENT = { id: "u1", name: "Meera Iyer", college: "IIT Bombay", role: "student" };

/** What the browse page reads of its filters, and two of the changes it makes. */
function FiltersProbe() {
  const { filters, changeFilters, changePage } = useBrowseFilters();
  return (
    <>
      <p>College: {filters.college || "every college"}</p>
      <button type="button" onClick={() => changeFilters({ category: "books" })}>
        Books
      </button>
      <button type="button" onClick={() => changeFilters({ college: "" })}>
        Every college
      </button>
      <button type="button" onClick={() => changePage(2)}>
        Page 2
      </button>
    </>
  );
}

function openBrowse(at: string) {
  fakeApi(() => ({ body: { user: STUDENT } }));
  const rendered = renderScreen(<FiltersProbe />, { path: "/buy", at });
  return { ...rendered, search: () => new URLSearchParams(rendered.router.state.location.search) };
}

describe("browse's filters in the address", () => {
  it("start at the student's own college without writing it as the page opens", async () => {
    const { search } = openBrowse("/buy");
    expect(await screen.findByText("College: IIT Bombay")).toBeInTheDocument();
    expect(search().has("college")).toBe(false);
  });

  it("write the own college with the first change, so the address holds it from then on", async () => {
    const { search } = openBrowse("/buy");
    await screen.findByText("College: IIT Bombay");
    await userEvent.click(screen.getByRole("button", { name: "Books" }));
    expect(search().get("college")).toBe("IIT Bombay");
    expect(search().get("category")).toBe("books");
    await userEvent.click(screen.getByRole("button", { name: "Every college" }));
    expect(search().get("college")).toBe("");
    expect(await screen.findByText("College: every college")).toBeInTheDocument();
  });

  it("write it with a page change too, and keep a college the address already names", async () => {
    const first = openBrowse("/buy");
    await screen.findByText("College: IIT Bombay");
    await userEvent.click(screen.getByRole("button", { name: "Page 2" }));
    expect(first.search().get("college")).toBe("IIT Bombay");
    expect(first.search().get("page")).toBe("2");
    first.unmount();

    const second = openBrowse("/buy?college=");
    expect(await screen.findByText("College: every college")).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Books" }));
    expect(second.search().get("college")).toBe("");
  });
});
