import { priceRule } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { z } from "zod";

export type ProductValues = {
  name: string;
  category: string;
  /** a colour slug; "" = none (a textbook) */
  color: string;
  price: string;
  oldPrice: string;
  /** uploaded photo addresses, the main one first */
  images: string[];
  description: string;
  /** units for sale; "1" for a single item */
  quantityAvailable: string;
  /** condition and campus slugs; "" = no campus */
  condition: string;
  campus: string;
};

export const EMPTY_PRODUCT: ProductValues = {
  name: "",
  category: "",
  color: "",
  price: "",
  oldPrice: "",
  images: [],
  description: "",
  quantityAvailable: "1",
  condition: "good",
  campus: "",
};

export const FIELDS = Object.keys(EMPTY_PRODUCT) as Array<keyof ProductValues>;
export const REQUIRED = ["name", "category", "price", "description", "quantityAvailable"] as const;

const requiredText = (message: string) => z.string().trim().min(1, message);

/** A price typed in rupees, checked with the server's price rule (a negative price marks the field); `requiredMessage` only for a required price. */
const priceText = (label: string, requiredMessage?: string) =>
  z.string().superRefine((text, ctx) => {
    if (!text.trim()) {
      if (requiredMessage) ctx.addIssue({ code: "custom", message: requiredMessage });
      return;
    }
    const checked = priceRule(label).safeParse(Number(text));
    if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0].message });
  });

/**
 * Checked before sending: every field is filled in, prices follow the server's price rule
 * (@unibazaar/rules). Length limits of name and description are the server's answer, shown on the field.
 */
export const productFormSchema = (t: TFunction<"seller">) =>
  z.object({
    name: requiredText(t("form.required.name")),
    category: requiredText(t("form.required.category")),
    color: z.string(),
    price: priceText("Price", t("form.required.price")),
    oldPrice: priceText("Old price"),
    images: z.array(z.string()).min(1, t("form.required.image")),
    description: requiredText(t("form.required.description")),
    quantityAvailable: requiredText(t("form.required.quantity")),
    condition: z.string(),
    campus: z.string(),
  });
