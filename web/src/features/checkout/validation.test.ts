import { describe, expect, it } from "vitest";
import { newIdempotencyKey, serverFieldProblems, validateCheckout, type ShippingForm } from "./validation";

const complete: ShippingForm = {
  address: "House 5, Street 2",
  city: "Lahore",
  postalCode: "54000",
  country: "Pakistan",
  contactNumber: "03001234567",
};

describe("validateCheckout", () => {
  it("accepts a complete form with products", () => {
    expect(validateCheckout(2, complete)).toBeNull();
  });

  it("an empty cart is 'No products found.'", () => {
    expect(validateCheckout(0, complete)).toEqual({ form: "No products found.", fields: {} });
  });

  it("a missing contact number is 'Contact number is required.'", () => {
    expect(validateCheckout(1, { ...complete, contactNumber: "  " })).toEqual({
      form: "Contact number is required.",
      fields: { contactNumber: "Contact number is required." },
    });
  });

  it("every shipping field is required", () => {
    const problems = validateCheckout(1, { address: "", city: "", postalCode: "", country: "", contactNumber: "03001234567" });
    expect(problems?.form).toBeUndefined();
    expect(problems?.fields).toEqual({
      address: "Address is required.",
      city: "City is required.",
      postalCode: "Postal code is required.",
      country: "Country is required.",
    });
  });

  it("a contact number must look like a phone number", () => {
    expect(validateCheckout(1, { ...complete, contactNumber: "call me" })?.fields.contactNumber).toMatch(/phone number/);
    expect(validateCheckout(1, { ...complete, contactNumber: "+92 300 1234567" })).toBeNull();
  });
});

describe("serverFieldProblems", () => {
  it("maps nested server paths to the form's fields and drops unknown ones", () => {
    expect(serverFieldProblems({ "shipping.city": "Too long.", contactNumber: "Bad.", couponCode: "x" })).toEqual({
      city: "Too long.",
      contactNumber: "Bad.",
    });
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
