import { MockedProvider } from "@apollo/client/testing/react";
import { cleanup, render, screen, within } from "@testing-library/react";
import type { ReactNode } from "react";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { NotifyProvider } from "../../components/Notify";
import type { ConversationFieldsFragment, OfferFieldsFragment } from "../../generated/graphql";
import { OfferCard } from "./OfferCard";
import { loadNamespaces } from "../../lib/i18n";

// the form's words come from the "messages" catalogue, loaded lazily in the app
beforeAll(() => loadNamespaces(["messages"]));
afterEach(cleanup);

// no mocks: a mutation that reached the network would fail the test with Apollo's "no more mocked responses"
const wrap = (ui: ReactNode) =>
  render(
    <MockedProvider mocks={[]}>
      <MemoryRouter>
        <NotifyProvider>
          <ul>{ui}</ul>
        </NotifyProvider>
      </MemoryRouter>
    </MockedProvider>,
  );

const conversation: ConversationFieldsFragment = {
  id: "c1",
  wantedPostId: null,
  lastMessage: null,
  lastMessageAt: "2026-11-25T12:00:00.000Z",
  unreadCount: 0,
  archived: false,
  blocked: false,
  otherPartyReadAt: null,
  product: { id: "p1", name: "Calculus textbook", price: 1500, image: "/uploads/p1.webp" },
  buyer: { id: "buyer", username: "ali", storeName: null },
  seller: { id: "seller", username: "sana", storeName: null },
};

const offer = (over: Partial<OfferFieldsFragment> = {}): OfferFieldsFragment => ({
  id: "o1",
  conversationId: "c1",
  madeById: "buyer",
  amount: 1200,
  status: "PENDING",
  expiresAt: "2026-11-26T12:00:00.000Z",
  createdAt: "2026-11-25T12:00:00.000Z",
  ...over,
});

describe("OfferCard", () => {
  it("offers the seller Accept, Decline and Counter on the buyer's pending offer", () => {
    wrap(<OfferCard offer={offer()} conversation={conversation} myId="seller" />);
    const card = screen.getByRole("group", { name: "Offer" });
    expect(card.textContent).toContain("Their offer");
    expect(card.textContent).toContain("Waiting for an answer");
    for (const name of ["Accept", "Decline", "Counter"]) expect(within(card).getByRole("button", { name })).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Withdraw" })).toBeNull();
  });

  it("lets the buyer only withdraw their own pending offer", () => {
    wrap(<OfferCard offer={offer()} conversation={conversation} myId="buyer" />);
    const card = screen.getByRole("group", { name: "Offer" });
    expect(card.textContent).toContain("Your offer");
    expect(within(card).getByRole("button", { name: "Withdraw" })).toBeTruthy();
    expect(within(card).queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("shows the buyer how to use an accepted offer, and no answers any more", () => {
    wrap(<OfferCard offer={offer({ status: "ACCEPTED" })} conversation={conversation} myId="buyer" />);
    const card = screen.getByRole("group", { name: "Offer" });
    expect(card.textContent).toContain("Accepted");
    expect(within(card).getByRole("link", { name: "Buy at this price" }).getAttribute("href")).toBe("/shop/p1");
    expect(within(card).queryByRole("button", { name: "Withdraw" })).toBeNull();
  });

  it("answers nothing in a blocked conversation", () => {
    wrap(<OfferCard offer={offer()} conversation={{ ...conversation, blocked: true }} myId="seller" />);
    expect(screen.queryByRole("button", { name: "Accept" })).toBeNull();
  });
});
