import type { ProductValues } from "./ProductForm";

/** Form text -> the API's numbers (PKR with up to 2 decimals). */
export function toProductInput(values: ProductValues) {
  const price = Number(values.price);
  if (!Number.isFinite(price) || price < 0) throw new Error("Price must be a number of rupees.");
  const oldPrice = values.oldPrice.trim() ? Number(values.oldPrice) : null;
  if (oldPrice !== null && (!Number.isFinite(oldPrice) || oldPrice < 0)) throw new Error("Old price must be a number of rupees.");
  return {
    name: values.name.trim(),
    category: values.category,
    color: values.color,
    price,
    oldPrice,
    image: values.image,
    description: values.description.trim(),
    // the server checks the range and says so on the field
    quantityAvailable: Number(values.quantityAvailable),
    condition: values.condition,
    campus: values.campus || null,
  };
}
