import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QueryState } from "./QueryState";

afterEach(cleanup);

const list = (items: string[]) => ({ items });

describe("QueryState", () => {
  it("shows the loading skeleton on the first load", () => {
    render(
      <QueryState loading data={undefined} errorText="Could not load." empty="Nothing here.">
        {() => <p>data</p>}
      </QueryState>,
    );
    expect(screen.getByRole("status", { name: "Loading" })).toBeTruthy();
    expect(screen.queryByText("data")).toBeNull();
  });

  it("shows the failure with a retry that calls back", () => {
    const retry = vi.fn();
    render(
      <QueryState
        loading={false}
        error={new Error("boom")}
        data={undefined}
        errorText="Could not load."
        empty="Nothing here."
        onRetry={retry}
      >
        {() => <p>data</p>}
      </QueryState>,
    );
    expect(screen.getByRole("alert").textContent).toContain("Could not load.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(retry).toHaveBeenCalledOnce();
  });

  it("shows the empty text for an empty page of items", async () => {
    render(
      <QueryState loading={false} data={list([])} errorText="Could not load." empty="Nothing here.">
        {() => <p>data</p>}
      </QueryState>,
    );
    expect((await screen.findByRole("status")).textContent).toContain("Nothing here.");
  });

  it("draws the data, and keeps it on screen while a refetch fails", async () => {
    const { rerender } = render(
      <QueryState loading={false} data={list(["chair"])} errorText="Could not load." empty="Nothing here.">
        {(data) => <p>{data.items.join()}</p>}
      </QueryState>,
    );
    expect(await screen.findByText("chair")).toBeTruthy();
    rerender(
      <QueryState loading={false} error={new Error("offline")} data={list(["chair"])} errorText="Could not load." empty="Nothing here.">
        {(data) => <p>{data.items.join()}</p>}
      </QueryState>,
    );
    expect(screen.getByText("chair")).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
