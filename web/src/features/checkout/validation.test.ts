import { describe, expect, it } from "vitest";
import { newIdempotencyKey, shippingFormSchema, type ShippingForm } from "./validation";

const complete: ShippingForm = {
  address: "House 5, Street 2",
  city: "Lahore",
  postalCode: "54000",
  country: "Pakistan",
  contactNumber: "03001234567",
};

/** The form's messages by field, as the form shows them (the first problem of each field). */
function problems(form: ShippingForm): Record<string, string> | null {
  const result = shippingFormSchema.safeParse(form);
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
});

describe("newIdempotencyKey", () => {
  it("is a fresh v4 UUID every time", () => {
    const a = newIdempotencyKey();
    const b = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(a).not.toBe(b);
  });
});
