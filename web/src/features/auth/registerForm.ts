import { contactNumberRule, emailRule, nameRule, passwordRule, sellerFieldIssues, usernameRule } from "@unibazaar/rules";
import type { FieldErrors } from "react-hook-form";
import { z } from "zod";
import type { RegisterInput, Role, SellerType } from "../../generated/graphql";

/** The registration form's values, its rules and what it sends. */
export type Form = {
  email: string;
  username: string;
  password: string;
  name: string;
  contactNumber: string;
  role: Extract<Role, "USER" | "SELLER">;
  sellerType: SellerType | "";
  storeName: string;
  storeDescription: string;
};

export const EMPTY: Form = {
  email: "",
  username: "",
  password: "",
  name: "",
  contactNumber: "",
  role: "USER",
  sellerType: "",
  storeName: "",
  storeDescription: "",
};

/** The server's registration rules (@unibazaar/rules), checked before sending. */
export const registerSchema = z
  .object({
    email: emailRule,
    username: usernameRule,
    password: passwordRule,
    name: nameRule,
    contactNumber: contactNumberRule,
    role: z.enum(["USER", "SELLER"]),
    sellerType: z.enum(["BUSINESS", "INDIVIDUAL", ""]),
    storeName: z.string(),
    storeDescription: z.string(),
  })
  .superRefine((v, ctx) => {
    for (const issue of sellerFieldIssues({ ...v, seller: v.role === "SELLER", business: v.sellerType === "BUSINESS" })) {
      ctx.addIssue({ code: "custom", path: [issue.path], message: issue.message });
    }
  });

export const FIELDS = Object.keys(EMPTY) as Array<keyof Form>;

/** Every field message, in the form's order (the box above the form lists them all). */
export function fieldMessages(errors: FieldErrors<Form>): string[] {
  return FIELDS.flatMap((field) => (errors[field]?.message ? [errors[field].message] : []));
}

/**
 * The registration input: seller fields only for sellers, store fields only for business sellers;
 * none of them is sent otherwise.
 */
export function toRegisterInput(form: Form): RegisterInput {
  const input: RegisterInput = {
    email: form.email.trim(),
    username: form.username.trim(),
    password: form.password,
    name: form.name.trim(),
    contactNumber: form.contactNumber.trim(),
    role: form.role,
  };
  if (form.role === "SELLER" && form.sellerType) {
    input.sellerType = form.sellerType;
    if (form.sellerType === "BUSINESS") {
      input.storeName = form.storeName.trim();
      input.storeDescription = form.storeDescription.trim();
    }
  }
  return input;
}
