import { MAX_QUANTITY_PER_LINE } from "@unibazaar/rules/limits";

/**
 * The cart as pure functions. Every action returns a new state with the item count
 * recalculated. The cart holds no money totals: the prices shown at checkout are the server's quote.
 */
export type CartProduct = {
  id: string;
  name: string;
  price: number;
  oldPrice?: number | null;
  image: string;
  quantity: number;
};

/** What may be added: a product's fields without the quantity (set to 1 on add). */
export type CartProductInput = Omit<CartProduct, "quantity">;

export type CartState = {
  products: CartProduct[];
  /** Sum of quantities. */
  selectedItems: number;
};

export const initialCartState: CartState = { products: [], selectedItems: 0 };

/** The state for these products, with their item count. */
function withCount(products: CartProduct[]): CartState {
  return { products, selectedItems: products.reduce((sum, p) => sum + p.quantity, 0) };
}

/** Adds the product with quantity 1 unless a product with that id is already in the cart (then unchanged). */
export function addToCart(state: CartState, product: CartProductInput): CartState {
  if (state.products.some((p) => p.id === product.id)) return state;
  return withCount([...state.products, { ...product, quantity: 1 }]);
}

export type QuantityChange = "increment" | "decrement";

/** increment adds 1 up to the most one order takes of a product; decrement subtracts 1 but never goes below 1. */
export function updateQuantity(state: CartState, id: string, type: QuantityChange): CartState {
  const products = state.products.map((p) => {
    if (p.id !== id) return p;
    const quantity = type === "increment" ? Math.min(MAX_QUANTITY_PER_LINE, p.quantity + 1) : Math.max(1, p.quantity - 1);
    return quantity === p.quantity ? p : { ...p, quantity };
  });
  return withCount(products);
}

export function removeFromCart(state: CartState, id: string): CartState {
  return withCount(state.products.filter((p) => p.id !== id));
}

/** Empties the cart. */
export function clearCart(): CartState {
  return initialCartState;
}

export function isInCart(state: CartState, id: string): boolean {
  return state.products.some((p) => p.id === id);
}

export type CartAction =
  | { type: "add"; product: CartProductInput }
  | { type: "quantity"; id: string; change: QuantityChange }
  | { type: "remove"; id: string }
  | { type: "clear" }
  | { type: "replace"; state: CartState };

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case "add":
      return addToCart(state, action.product);
    case "quantity":
      return updateQuantity(state, action.id, action.change);
    case "remove":
      return removeFromCart(state, action.id);
    case "clear":
      return clearCart();
    case "replace":
      return action.state;
  }
}

/**
 * Reads a cart saved by an earlier visit. Anything malformed is dropped (a bad entry never breaks
 * the page); quantities are whole numbers from 1 to the most one order takes; the item count is recalculated.
 */
export function parseStoredCart(raw: string | null): CartState {
  if (!raw) return initialCartState;
  try {
    const parsed = JSON.parse(raw) as { products?: unknown };
    const list = Array.isArray(parsed?.products) ? parsed.products : [];
    const products: CartProduct[] = [];
    for (const item of list) {
      if (!item || typeof item !== "object") continue;
      const p = item as Record<string, unknown>;
      if (typeof p.id !== "string" || typeof p.name !== "string" || typeof p.price !== "number" || !Number.isFinite(p.price)) continue;
      if (products.some((existing) => existing.id === p.id)) continue;
      const quantity =
        typeof p.quantity === "number" && Number.isFinite(p.quantity)
          ? Math.min(MAX_QUANTITY_PER_LINE, Math.max(1, Math.floor(p.quantity)))
          : 1;
      products.push({
        id: p.id,
        name: p.name,
        price: p.price,
        oldPrice: typeof p.oldPrice === "number" ? p.oldPrice : null,
        image: typeof p.image === "string" ? p.image : "",
        quantity,
      });
    }
    return withCount(products);
  } catch {
    return initialCartState;
  }
}

/** The cart as checkout lines for the API. */
export function cartLines(state: CartState): Array<{ productId: string; quantity: number }> {
  return state.products.map((p) => ({ productId: p.id, quantity: p.quantity }));
}
