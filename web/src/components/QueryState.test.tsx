import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { switchLanguage } from "../lib/i18n";
import { QueryState } from "./QueryState";

afterEach(async () => {
  cleanup();
  await switchLanguage("en");
});

const list = (items: string[]) => ({ items });
const notFound = new CombinedGraphQLErrors({ data: null, errors: [{ message: "Order not found.", extensions: { code: "NOT_FOUND" } }] });

const failed = (props: { error: unknown; errorText?: string; onRetry?: () => void }) =>
  render(
    <QueryState loading={false} data={undefined} empty="Nothing here." {...props}>
      {() => <p>data</p>}
    </QueryState>,
  );

describe("QueryState", () => {
  it("shows the loading skeleton on the first load", () => {
    render(
      <QueryState loading data={undefined} empty="Nothing here.">
        {() => <p>data</p>}
      </QueryState>,
    );
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(screen.queryByText("data")).toBeNull();
  });

  it("shows a failure as one sentence and the server's message, with a retry that calls back", () => {
    const retry = vi.fn();
    failed({ error: notFound, onRetry: retry });
    expect(screen.getByRole("alert").textContent).toBe("Could not load this. Order not found.Try again");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
    expect(screen.queryByText("data")).toBeNull();
  });

  it("reads the failure in Urdu, the server's message translated from its code", async () => {
    await switchLanguage("ur");
    failed({ error: notFound, onRetry: () => {} });
    const alert = screen.getByRole("alert").textContent;
    expect(alert).toContain("یہ لوڈ نہیں ہو سکا۔ یہ چیز نہیں ملی۔");
    expect(alert).not.toContain("Order not found.");
    expect(screen.getByRole("button", { name: "دوبارہ کوشش کریں" })).toBeTruthy();
  });

  it("puts a page's own sentence before the server's message, and asks to check the connection when there is none", () => {
    failed({ error: notFound, errorText: "Could not load your sales." });
    expect(screen.getByRole("alert").textContent).toBe("Could not load your sales. Order not found.");
    expect(screen.queryByRole("button")).toBeNull();
    cleanup();
    failed({ error: new TypeError("Failed to fetch") });
    expect(screen.getByRole("alert").textContent).toBe("Could not load this. Check your connection and try again.");
  });

  it("shows the empty text for an empty page of items", async () => {
    render(
      <QueryState loading={false} data={list([])} empty="Nothing here.">
        {() => <p>data</p>}
      </QueryState>,
    );
    expect((await screen.findByRole("status")).textContent).toContain("Nothing here.");
  });

  it("draws the data, and keeps it on screen while a refetch fails", async () => {
    const { rerender } = render(
      <QueryState loading={false} data={list(["chair"])} empty="Nothing here.">
        {(data) => <p>{data.items.join()}</p>}
      </QueryState>,
    );
    expect(await screen.findByText("chair")).toBeTruthy();
    rerender(
      <QueryState loading={false} error={new Error("offline")} data={list(["chair"])} empty="Nothing here.">
        {(data) => <p>{data.items.join()}</p>}
      </QueryState>,
    );
    expect(screen.getByText("chair")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
