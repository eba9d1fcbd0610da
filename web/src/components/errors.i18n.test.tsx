import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { afterAll, describe, expect, it } from "vitest";
import { i18n, switchLanguage } from "../lib/i18n";
import { applyServerFieldErrors, errorMessage } from "./errors";

/** A refusal as the server sends it: the English sentence, and its key and parameters in the extensions. */
const refusal = (message: string, extensions: Record<string, unknown>) =>
  new CombinedGraphQLErrors({ data: null, errors: [{ message, extensions }] });

const wrongCode = refusal("That is not the buyer's code: 4 tries left.", {
  code: "BAD_USER_INPUT",
  key: "handover.codeWrong",
  params: { count: 4 },
});

describe("server errors in the reader's language (components/errors.ts)", () => {
  afterAll(() => switchLanguage("en"));

  it("says a refusal by its key and parameters in Urdu, the numbers and names isolated, and falls back to the server's sentence", async () => {
    await switchLanguage("ur");
    await i18n.loadNamespaces("errors");
    expect(errorMessage(wrongCode, "-")).toBe("یہ خریدار کا کوڈ نہیں: \u20684\u2069 کوششیں باقی ہیں۔");
    // an amount by its name, a product's name as written, each kept whole inside the right-to-left line
    const aboveThePrice = refusal("An offer cannot be more than the price (Rs 1,500).", {
      code: "BAD_USER_INPUT",
      key: "offer.aboveThePrice",
      params: { pricePaisa: 150_000 },
    });
    expect(errorMessage(aboveThePrice, "-")).toBe("آفر قیمت (\u2068Rs\u00a01,500\u2069) سے زیادہ نہیں ہو سکتی۔");
    const onlyLeft = refusal('Only 1 of "Casio fx-991" left.', {
      code: "CONFLICT",
      key: "checkout.onlyLeft",
      params: { count: 1, product: "Casio fx-991" },
    });
    expect(errorMessage(onlyLeft, "-")).toBe('"\u2068Casio fx-991\u2069" کے صرف \u20681\u2069 نگ باقی ہیں۔');
    // an order's status inside the sentence in the reader's words, not the server's English value
    await i18n.loadNamespaces("deals");
    const cannotBecome = refusal("An order that is pending cannot become shipped.", {
      code: "BAD_USER_INPUT",
      key: "order.cannotBecome",
      params: { fromStatus: "pending", status: "shipped" },
    });
    expect(errorMessage(cannotBecome, "-")).toBe(
      `جو آرڈر ${i18n.t("deals:orderStatus.PENDING")} ہو وہ ${i18n.t("deals:orderStatus.SHIPPED")} نہیں ہو سکتا۔`,
    );
    // a key the catalogue does not have: the code's Urdu words, else the server's sentence
    expect(errorMessage(refusal("Brand new refusal.", { code: "CONFLICT", key: "nobody.knows" }), "-")).toBe(
      i18n.t("common:errors.CONFLICT"),
    );
    expect(errorMessage(refusal("Brand new refusal.", { key: "nobody.knows" }), "-")).toBe("Brand new refusal.");
  });

  it("puts a field's refusal on its field in Urdu by the field's own key", async () => {
    await switchLanguage("ur");
    await i18n.loadNamespaces("errors");
    const set: string[] = [];
    const error = refusal("Some products in your cart are no longer available. Remove them and try again.", {
      code: "BAD_USER_INPUT",
      key: "checkout.someUnavailable",
      fields: { "lines.0.productId": '"Lamp" is sold.' },
      fieldKeys: { "lines.0.productId": { key: "checkout.sold", params: { product: "Lamp" } } },
    });
    applyServerFieldErrors<{ productId: string }>(error, (_, e) => set.push(e.message ?? ""), ["productId"]);
    expect(set).toEqual(['"\u2068Lamp\u2069" بک گیا۔']);
  });

  it("says it in English from the same catalogue", async () => {
    await switchLanguage("en");
    await i18n.loadNamespaces("errors");
    expect(errorMessage(wrongCode, "-")).toBe("That is not the buyer's code: 4 tries left.");
  });
});
