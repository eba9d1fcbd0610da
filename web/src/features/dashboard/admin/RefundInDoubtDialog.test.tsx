import type { MockedResponse } from "@apollo/client/testing";
import { MockedProvider } from "@apollo/client/testing/react";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { GraphQLError } from "graphql";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { NotifyProvider } from "../../../components/Notify";
import { ConfirmRefundSentDocument, SendRefundAgainDocument, type AdminPaymentRefundFragment } from "../../../generated/graphql";
import { loadNamespaces } from "../../../lib/i18n";
import { RefundInDoubtDialog, type RefundFinding } from "./RefundInDoubtDialog";

// the dialog's words come from the "admin" catalogue, loaded lazily in the app
beforeAll(() => loadNamespaces(["admin"]));
afterEach(cleanup);

const refund: AdminPaymentRefundFragment = {
  id: "r1",
  provider: "jazzcash",
  attemptReference: "UBABCDEFGHJKLMNPQRST",
  orderId: null,
  amount: 600,
  reason: "This checkout is already paid.",
  progress: "IN_DOUBT",
  tries: 1,
  lastError: "The operation was aborted due to timeout",
  providerRefundId: null,
  sandbox: true,
  createdAt: "2025-01-01T10:00:00.000Z",
  confirmedAt: null,
};

// only the mocks listed: a mutation the dialog should not have sent fails the test with Apollo's "no more mocked responses"
const show = (finding: RefundFinding, mocks: MockedResponse[]) => {
  const onClose = vi.fn();
  render(
    <MockedProvider mocks={mocks}>
      <NotifyProvider>
        <RefundInDoubtDialog refund={refund} finding={finding} provider="JazzCash" onClose={onClose} />
      </NotifyProvider>
    </MockedProvider>,
  );
  return onClose;
};

const dialog = () => screen.getByRole("dialog");
const press = (name: string) => fireEvent.click(within(dialog()).getByRole("button", { name }));

describe("RefundInDoubtDialog", () => {
  it("records a refund found in the portal as sent, with the provider's refund id it asks for first", async () => {
    const onClose = show("sent", [
      {
        request: { query: ConfirmRefundSentDocument, variables: { id: "r1", providerRefundId: "R987654321" } },
        result: {
          data: {
            confirmRefundSent: {
              __typename: "PaymentRefund",
              ...refund,
              progress: "SENT",
              providerRefundId: "R987654321",
              lastError: null,
            },
          },
        },
      },
    ]);
    expect(dialog().textContent).toContain("Only if JazzCash's portal shows this refund of payment UBABCDEFGHJKLMNPQRST");
    const id = within(dialog()).getByRole("textbox", { name: "JazzCash's refund id" });
    press("Record as sent");
    await waitFor(() => expect(id.getAttribute("aria-invalid")).toBe("true"));
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.change(id, { target: { value: "R987654321" } });
    press("Record as sent");
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it("warns before sending a refund again, and says why when another admin resolved it first", async () => {
    const conflict = "This refund is no longer in doubt: another admin may have resolved it. Reload the page.";
    const onClose = show("again", [
      {
        request: { query: SendRefundAgainDocument, variables: { id: "r1" } },
        result: { errors: [new GraphQLError(conflict, { extensions: { code: "CONFLICT", key: "refund.notInDoubt" } })] },
      },
    ]);
    expect(within(dialog()).queryByRole("textbox")).toBeNull();
    expect(dialog().textContent).toContain("if it was made, the buyer is paid twice");
    press("Send again");
    await waitFor(() => expect(within(dialog()).getByRole("alert").textContent).toBe(conflict));
    expect(onClose).not.toHaveBeenCalled();
  });
});
