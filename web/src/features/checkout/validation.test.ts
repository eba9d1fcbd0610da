import i18next from "i18next";
import { describe, expect, it } from "vitest";
import en from "../../locales/en/checkout.json";
import ur from "../../locales/ur/checkout.json";
import { newIdempotencyKey, shippingFormSchemaFor, type ShippingForm } from "./validation";

// the real catalogues, without the app's loading (this test runs outside a browser)
const i18n = i18next.createInstance();
await i18n.init({ lng: "en", resources: { en: { checkout: en }, ur: { checkout: ur } } });
const shippingFormSchema = shippingFormSchemaFor(i18n.getFixedT("en", "checkout"));
const urduShippingFormSchema = shippingFormSchemaFor(i18n.getFixedT("ur", "checkout"));

const complete: ShippingForm = {
  address: "House 5, Street 2",
  city: "Lahore",
  postalCode: "54000",
  country: "Pakistan",
  contactNumber: "03001234567",
};

/** The form's messages by field, as the form shows them (the first problem of each field). */
function problems(form: ShippingForm, schema = shippingFormSchema): Record<string, string> | null {
  const result = schema.safeParse(form);
  if (result.success) return null;
  const fields: Record<string, string> = {};
  for (const issue of result.error.issues) fields[String(issue.path[0])] ??= issue.message;
  return fields;
}

describe("shippingFormSchema (the server's shipping rules)", () => {
  it("accepts a complete form", () => {
    expect(problems(complete)).toBeNull();
  });

  it("a missing contact number is 'Contact number is required.'", () => {
    expect(problems({ ...complete, contactNumber: "  " })).toEqual({ contactNumber: "Contact number is required." });
  });

  it("every shipping field is required", () => {
    expect(problems({ address: "", city: "", postalCode: "", country: "", contactNumber: "03001234567" })).toEqual({
      address: "Address is required.",
      city: "City is required.",
      postalCode: "Postal code is required.",
      country: "Country is required.",
    });
  });

  it("a contact number must look like a phone number", () => {
    expect(problems({ ...complete, contactNumber: "call me" })?.contactNumber).toBe("Enter a valid contact number, e.g. 03001234567.");
    expect(problems({ ...complete, contactNumber: "+92 300 1234567" })).toBeNull();
  });

  it("a field longer than the server takes says its limit", () => {
    expect(problems({ ...complete, city: "x".repeat(81) })).toEqual({ city: "Use at most 80 characters." });
  });

  it("passes on the values trimmed, as the server stores them", () => {
    expect(shippingFormSchema.parse({ ...complete, city: "  Lahore " }).city).toBe("Lahore");
  });

  it("says the problems in Urdu for an Urdu reader, with the same rules", () => {
    expect(problems({ ...complete, city: " ", contactNumber: "call me" }, urduShippingFormSchema)).toEqual({
      city: "شہر لکھنا ضروری ہے۔",
      contactNumber: "درست رابطہ نمبر لکھیں، جیسے 03001234567۔",
    });
    expect(problems(complete, urduShippingFormSchema)).toBeNull();
  });
});

describe("newIdempotencyKey", () => {
  it("is a fresh v4 UUID every time", () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
