import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * No GraphQL enum value reaches a reader as the server spells it ("REQUESTED", "JAZZCASH"): every
 * enum of the schema the web uses is either worded in the catalogues, value by value, in English
 * and Urdu, or listed as never shown by its value (and why). A new enum, or a new value, fails here
 * until it has words.
 */
type Catalogue = { [key: string]: string | Catalogue };
const read = (language: string, namespace: string): Catalogue =>
  JSON.parse(readFileSync(path.join(__dirname, language, `${namespace}.json`), "utf8")) as Catalogue;

/** Every enum of web/src/generated/graphql.ts with its values. */
function generatedEnums(): Record<string, string[]> {
  const source = readFileSync(path.join(__dirname, "..", "generated", "graphql.ts"), "utf8");
  const enums: Record<string, string[]> = {};
  for (const [, name, body] of source.matchAll(/export type (\w+) =\n((?:\s*(?:\/\*\*[^]*?\*\/)?\s*\| '\w+'\n?)+);/g)) {
    enums[name] = [...body.matchAll(/\| '(\w+)'/g)].map((match) => match[1]);
  }
  return enums;
}

/** Where each enum shown to readers is worded: `namespace:path` of an object keyed by the values. */
const WORDED: Record<string, string[]> = {
  DisputeReason: ["admin:disputes.reasons", "orders:disputeForm.reasons", "seller:dispute.reasons"],
  DisputeState: ["admin:disputes.tabs", "orders:held.disputeStates"],
  Fulfilment: ["checkout:fulfilment"],
  HeldPaymentState: ["orders:held.states", "orders:held.sellerStates", "orders:held.adminStates"],
  KeepHiddenReason: ["admin:held.reasons"],
  LedgerEntryKind: ["seller:balance.kinds"],
  ModerationActionKind: ["admin:moderation.actions"],
  NoShowStatus: ["orders:noShow.mine", "orders:noShow.aboutYou"],
  OfferStatus: ["messages:offer.status"],
  OrderStatus: ["deals:orderStatus"],
  PaymentMethod: ["deals:payment.methods", "checkout:payment.methods"],
  PayoutState: ["seller:balance.payoutStates", "admin:payouts.tabs"],
  ProductSort: ["shop:sort"],
  PushKind: ["notifications:push.kinds"],
  RefundProgress: ["admin:payments.progress"],
  ReportReason: ["admin:queue.reasons", "deals:report.reasons"],
  // (admin:users.roles are lower-case nouns inside sentences: "seller" is the English word there)
  Role: ["dashboard:profile.roles"],
  SalesInterval: ["seller:sales"],
  TypicalReply: ["trust:reliability.reply"],
};

/** Enums never shown by their value: the web branches on them and shows its own sentence. */
const NOT_SHOWN: Record<string, string> = {
  BalanceKind: "the balance page's own headings (pending, available)",
  DealSide: "which side's review form and headings to show",
  DisputeOutcome: "the decided dispute's sentence (released, refunded, partly refunded) is chosen by it",
  HandoverConfirmation: "the handover's sentence (by code, by the buyer, automatically) is chosen by it",
  HandoverState: "the handover's sentence is chosen by it",
  MeetupParty: "who proposed: the meetup panel's sentence",
  MeetupState: "proposed or confirmed: the meetup panel's sentence",
  NotificationKind: "a notice's icon; its words come from the server in the reader's language",
  OrderAction: "which buttons an order shows",
  PaymentStatus: "paid or not paid, worded by paymentStatusLabel",
  PayoutMethod: "the payout's destination sentence (wallet or IBAN)",
  ReportStatus: "the admins' queue filters by it",
  ReportTargetKind: "the admins' action on a listing or a user",
  SavedNotice: "the saved listing's alert sentence",
  SellerType: "the store chip and the registration form's own words",
};

const lookup = (catalogue: Catalogue, dotted: string): Catalogue | undefined =>
  dotted.split(".").reduce<Catalogue | string | undefined>((node, key) => (typeof node === "object" ? node[key] : undefined), catalogue) as
    Catalogue | undefined;

/** A label that is the value as the server spells it: the enum ("REQUESTED") or the provider's name ("jazzcash", "refund_sent"). */
const isRaw = (label: string, value: string) => label === value || label === value.toLowerCase();

/** The values of `values` that `place` ("ns:path") does not word in `language`. */
function unworded(language: string, place: string, values: string[]): string[] {
  const [namespace, dotted] = place.split(":");
  const words = lookup(read(language, namespace), dotted) ?? {};
  return values.filter((value) => {
    const entry = words[value];
    // a value with several words (a button and a title) is labelled by its first
    const label = typeof entry === "object" ? Object.values(entry).find((text) => typeof text === "string") : entry;
    return typeof label !== "string" || label.trim() === "" || isRaw(label, value);
  });
}

describe("GraphQL enums in the reader's words", () => {
  const enums = generatedEnums();

  it("reads the generated enums (the check itself works)", () => {
    expect(enums.OrderStatus).toContain("PENDING");
    expect(enums.PaymentMethod).toEqual(expect.arrayContaining(["JAZZCASH", "EASYPAISA"]));
  });

  it("has every enum either worded or listed as never shown", () => {
    expect(Object.keys(enums).filter((name) => !(name in WORDED) && !(name in NOT_SHOWN))).toEqual([]);
    expect([...Object.keys(WORDED), ...Object.keys(NOT_SHOWN)].filter((name) => !(name in enums))).toEqual([]);
  });

  it.each(["en", "ur"])("words every value of every shown enum in %s, never as the value itself", (language) => {
    const missing = Object.entries(WORDED).flatMap(([name, places]) =>
      places.flatMap((place) => unworded(language, place, enums[name]).map((value) => `${name}.${value} at ${place}`)),
    );
    expect(missing).toEqual([]);
  });

  it("finds a raw label (the check itself works)", () => {
    expect(isRaw("REQUESTED", "REQUESTED")).toBe(true);
    expect(isRaw("jazzcash", "JAZZCASH")).toBe(true);
    expect(isRaw("refund_sent", "REFUND_SENT")).toBe(true);
    expect(isRaw("Requested", "REQUESTED")).toBe(false);
    expect(isRaw("JazzCash", "JAZZCASH")).toBe(false);
    expect(isRaw("Payout refused, returned", "PAYOUT_RETURNED")).toBe(false);
  });
});
