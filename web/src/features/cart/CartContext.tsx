import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useState, type ReactNode } from "react";
import { cartReducer, clearCart, parseStoredCart, type CartProductInput, type CartState } from "./cart";

const STORAGE_KEY = "cart";

type CartContextValue = {
  cart: CartState;
  add: (product: CartProductInput) => void;
  increment: (id: string) => void;
  decrement: (id: string) => void;
  remove: (id: string) => void;
  clear: () => void;
  /** The slide-in cart panel. */
  isOpen: boolean;
  openCart: () => void;
  closeCart: () => void;
};

const CartContext = createContext<CartContextValue | null>(null);

const store = (products: CartState["products"]) => {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ products }));
  } catch {
    // private mode or a full quota: the cart still works for this visit
  }
};

const readStored = () => {
  try {
    return parseStoredCart(localStorage.getItem(STORAGE_KEY));
  } catch {
    return parseStoredCart(null);
  }
};

/**
 * The cart state (the pure functions of cart.ts in a reducer), saved to localStorage after every
 * change so it survives reloads, and kept in step across tabs.
 */
export function CartProvider({ children }: { children: ReactNode }) {
  const [cart, dispatch] = useReducer(cartReducer, undefined, readStored);
  const [isOpen, setOpen] = useState(false);

  useEffect(() => store(cart.products), [cart.products]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === STORAGE_KEY) dispatch({ type: "replace", state: parseStoredCart(event.newValue) });
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  const add = useCallback((product: CartProductInput) => dispatch({ type: "add", product }), []);
  const increment = useCallback((id: string) => dispatch({ type: "quantity", id, change: "increment" }), []);
  const decrement = useCallback((id: string) => dispatch({ type: "quantity", id, change: "decrement" }), []);
  const remove = useCallback((id: string) => dispatch({ type: "remove", id }), []);
  const clear = useCallback(() => {
    dispatch({ type: "clear" });
    // saved at once, not after the next render: a card checkout clears the cart and leaves for the
    // payment page, which may replace this page before the effect runs
    store(clearCart().products);
  }, []);
  const openCart = useCallback(() => setOpen(true), []);
  const closeCart = useCallback(() => setOpen(false), []);

  const value = useMemo(
    () => ({ cart, add, increment, decrement, remove, clear, isOpen, openCart, closeCart }),
    [cart, add, increment, decrement, remove, clear, isOpen, openCart, closeCart],
  );
  return <CartContext.Provider value={value}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error("useCart must be used inside <CartProvider>");
  return value;
}
