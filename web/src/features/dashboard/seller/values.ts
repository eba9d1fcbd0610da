import type { ProductValues } from "./ProductForm";

/** Form text (checked by the form's rules) -> the API's numbers (PKR with up to 2 decimals). */
export function toProductInput(values: ProductValues) {
  const price = Number(values.price);
  const oldPrice = values.oldPrice.trim() ? Number(values.oldPrice) : null;
  return {
    name: values.name.trim(),
    category: values.category,
    color: values.color || null,
    price,
    oldPrice,
    // the first photo is the main one
    image: values.images[0],
    gallery: values.images.slice(1),
    description: values.description.trim(),
    // the server checks the range and says so on the field
    quantityAvailable: Number(values.quantityAvailable),
    condition: values.condition,
    campus: values.campus || null,
  };
}
