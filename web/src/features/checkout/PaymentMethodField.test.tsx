import type { MockedResponse } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { PaymentMethodsDocument, type PaymentMethod } from "../../generated/graphql";
import { loadNamespaces } from "../../lib/i18n";
import { PaymentMethodField } from "./PaymentMethodField";

beforeAll(() => loadNamespaces(["checkout"]));
afterEach(cleanup);

const offering = (methods: PaymentMethod[]): MockedResponse => ({
  request: { query: PaymentMethodsDocument },
  result: { data: { paymentMethods: methods } },
});

const show = (mock: MockedResponse, meetup = false) =>
  render(
    <MockedProvider mocks={[mock]}>
      <PaymentMethodField value="CASH_ON_DELIVERY" onChange={() => undefined} meetup={meetup} />
    </MockedProvider>,
  );

const choices = () =>
  within(screen.getByRole("radiogroup", { name: "Payment method" }))
    .getAllByRole("radio")
    .map((radio) => radio.closest("label")?.textContent);

describe("PaymentMethodField", () => {
  it("shows only the methods the server offers, cash always", async () => {
    show(offering(["CARD", "CASH_ON_DELIVERY", "CASH_ON_MEETUP"]));
    await waitFor(() => expect(choices()).toEqual(["Card", "Cash on delivery"]));
    expect(screen.queryByRole("radio", { name: "JazzCash" })).toBeNull();
    expect(screen.queryByRole("radio", { name: "Easypaisa" })).toBeNull();
  });

  it("offers every wallet and card the server names, and cash on meetup for a meetup", async () => {
    show(offering(["CARD", "CASH_ON_DELIVERY", "CASH_ON_MEETUP", "EASYPAISA", "JAZZCASH"]), true);
    await waitFor(() => expect(choices()).toEqual(["JazzCash", "Easypaisa", "Card", "Cash on meetup"]));
  });

  it("offers cash alone until the server answers", async () => {
    show(offering(["CARD", "CASH_ON_DELIVERY", "CASH_ON_MEETUP"]));
    expect(choices()).toEqual(["Cash on delivery"]);
    await waitFor(() => expect(choices()).toEqual(["Card", "Cash on delivery"]));
  });
});
