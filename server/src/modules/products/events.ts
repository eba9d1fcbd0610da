import type { Product } from "./entity";

/** A listing was changed by its seller or an admin; `before` holds what the alerts compare with. */
export type ProductChanged = { product: Product; before: Pick<Product, "pricePaisa" | "quantityAvailable"> };

declare module "../../platform/events" {
  interface DomainEvents {
    "product.listed": { product: Product };
    "product.changed": ProductChanged;
    "product.removed": { productId: string };
  }
}
