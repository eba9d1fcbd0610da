import { priceRule } from "@unibazaar/rules";
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

/** A price typed in rupees, checked with the server's price rule (a negative price marks the field). */
const priceText = (label: string, required: boolean) =>
  z.string().superRefine((text, ctx) => {
    if (!text.trim()) {
      if (required) ctx.addIssue({ code: "custom", message: `${label} is required.` });
      return;
    }
    const checked = priceRule(label).safeParse(Number(text));
    if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0].message });
  });

/**
 * Checked before sending: every field is filled in, prices follow the server's price rule
 * (@unibazaar/rules). Length limits of name and description are the server's answer, shown on the field.
 */
export const productFormSchema = z.object({
  name: requiredText("Name is required."),
  category: requiredText("Category is required."),
  color: z.string(),
  price: priceText("Price", true),
  oldPrice: priceText("Old price", false),
  images: z.array(z.string()).min(1, "Image is required."),
  description: requiredText("Description is required."),
  quantityAvailable: requiredText("Quantity is required."),
  condition: z.string(),
  campus: z.string(),
});
