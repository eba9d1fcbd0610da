import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { describe, expect, it } from "vitest";
import { applyServerFieldErrors } from "./errors";

type Form = { city: string; contactNumber: string };

/** A BAD_USER_INPUT answer as the server sends it: per-field messages in `extensions.fields`. */
const badInput = (fields: Record<string, string>) =>
  new CombinedGraphQLErrors({
    data: null,
    errors: [{ message: Object.values(fields)[0], extensions: { code: "BAD_USER_INPUT", fields } }],
  });

function collect(error: unknown) {
  const set: Array<[string, string]> = [];
  const applied = applyServerFieldErrors<Form>(error, (name, e) => set.push([name, e.message ?? ""]), ["city", "contactNumber"]);
  return { applied, set };
}

describe("applyServerFieldErrors", () => {
  it("puts each server message on its field, matching nested paths by their last part, and drops unknown fields", () => {
    const { applied, set } = collect(badInput({ "shipping.city": "City is required.", contactNumber: "Bad number.", couponCode: "x" }));
    expect(applied).toBe(true);
    expect(set).toEqual([
      ["city", "City is required."],
      ["contactNumber", "Bad number."],
    ]);
  });

  it("sets nothing for an error without field messages", () => {
    expect(collect(new Error("offline"))).toEqual({ applied: false, set: [] });
    expect(collect(new CombinedGraphQLErrors({ data: null, errors: [{ message: "Nope." }] }))).toEqual({ applied: false, set: [] });
  });
});
