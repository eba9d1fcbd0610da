import type { MockedResponse } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { OFFER_DEFAULT_HOURS } from "@unibazaar/rules";
import { GraphQLError } from "graphql";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NotifyProvider } from "../../components/Notify";
import { MakeOfferDocument } from "../../generated/graphql";
import { OfferForm } from "./OfferForm";
import { loadNamespaces } from "../../lib/i18n";

// the form's words come from the "messages" catalogue, loaded lazily in the app
beforeAll(() => loadNamespaces(["messages"]));
afterEach(cleanup);

// only the mocks listed: a mutation the form should not have sent fails the test with Apollo's "no more mocked responses"
const wrap = (mocks: MockedResponse[], onDone = vi.fn()) => {
  render(
    <MockedProvider mocks={mocks}>
      <NotifyProvider>
        <OfferForm conversationId="c1" onDone={onDone} />
      </NotifyProvider>
    </MockedProvider>,
  );
  return onDone;
};

const amountBox = () => screen.getByRole("spinbutton", { name: "Amount (Rs)" });
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send offer" }));
/** The message under a field (MUI links the helper text through aria-describedby). */
const messageOf = (field: HTMLElement) => document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;

describe("OfferForm", () => {
  it("refuses an empty, non-positive or too precise amount on the field before sending anything", async () => {
    const done = wrap([]);
    send();
    await waitFor(() => expect(messageOf(amountBox())).toBe("Enter an amount in Rs."));
    expect(amountBox().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(amountBox(), { target: { value: "-5" } });
    send();
    await waitFor(() => expect(messageOf(amountBox())).toBe("Enter an amount in Rs."));
    fireEvent.change(amountBox(), { target: { value: "10.555" } });
    send();
    await waitFor(() => expect(messageOf(amountBox())).toBe("Offer may have at most 2 decimals."));
    expect(done).not.toHaveBeenCalled();
  });

  it("puts the server's field error on the amount and stays open", async () => {
    const refused = "Offer must be lower than the listed price.";
    const done = wrap([
      {
        request: { query: MakeOfferDocument, variables: { conversationId: "c1", amount: 900, expiresInHours: OFFER_DEFAULT_HOURS } },
        result: { errors: [new GraphQLError(refused, { extensions: { code: "BAD_USER_INPUT", fields: { amount: refused } } })] },
      },
    ]);
    fireEvent.change(amountBox(), { target: { value: "900" } });
    send();
    await waitFor(() => expect(messageOf(amountBox())).toBe(refused));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(done).not.toHaveBeenCalled();
  });

  it("sends a valid offer and closes", async () => {
    const done = wrap([
      {
        request: { query: MakeOfferDocument, variables: { conversationId: "c1", amount: 1250.5, expiresInHours: OFFER_DEFAULT_HOURS } },
        result: {
          data: {
            makeOffer: {
              __typename: "Offer",
              id: "o1",
              conversationId: "c1",
              madeById: "buyer",
              amount: 1250.5,
              status: "PENDING",
              expiresAt: "2026-11-26T12:00:00.000Z",
              createdAt: "2026-11-25T12:00:00.000Z",
            },
          },
        },
      },
    ]);
    fireEvent.change(amountBox(), { target: { value: "1250.50" } });
    send();
    await waitFor(() => expect(done).toHaveBeenCalledOnce());
  });
});
