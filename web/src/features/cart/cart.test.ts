import { MAX_QUANTITY_PER_LINE } from "@unibazaar/rules/limits";
import { describe, expect, it } from "vitest";
import {
  addToCart,
  cartLines,
  cartReducer,
  clearCart,
  initialCartState,
  isInCart,
  parseStoredCart,
  removeFromCart,
  updateQuantity,
  type CartProductInput,
} from "./cart";

const calculator: CartProductInput = { id: "p1", name: "Scientific Calculator", price: 2450, oldPrice: 2999, image: "/uploads/calc.webp" };
const mouse: CartProductInput = { id: "p2", name: "Wireless Mouse", price: 1250, image: "/uploads/mouse.webp" };

const withBoth = () => addToCart(addToCart(initialCartState, calculator), mouse);

describe("initial cart", () => {
  it("is empty with no items", () => {
    expect(initialCartState).toEqual({ products: [], selectedItems: 0 });
  });
});

describe("addToCart", () => {
  it("adds a product absent from the cart with quantity 1 and its fields", () => {
    const state = addToCart(initialCartState, calculator);
    expect(state.products).toEqual([{ ...calculator, quantity: 1 }]);
  });

  it("leaves a product already in the cart unchanged (no second line, quantity kept)", () => {
    const once = updateQuantity(addToCart(initialCartState, calculator), "p1", "increment");
    const again = addToCart(once, { ...calculator, price: 1 });
    expect(again.products).toEqual([{ ...calculator, quantity: 2 }]);
    expect(again.selectedItems).toBe(2);
  });

  it("recalculates the item count", () => {
    expect(withBoth().selectedItems).toBe(2);
  });

  it("does not change the state it was given", () => {
    const before = addToCart(initialCartState, calculator);
    const snapshot = structuredClone(before);
    addToCart(before, mouse);
    expect(before).toEqual(snapshot);
  });
});

describe("updateQuantity", () => {
  it("increment adds 1 and recalculates", () => {
    const state = updateQuantity(withBoth(), "p2", "increment");
    expect(state.products.find((p) => p.id === "p2")?.quantity).toBe(2);
    expect(state.selectedItems).toBe(3);
  });

  it("decrement subtracts 1", () => {
    let state = updateQuantity(updateQuantity(withBoth(), "p1", "increment"), "p1", "increment");
    state = updateQuantity(state, "p1", "decrement");
    expect(state.products[0].quantity).toBe(2);
    expect(state.selectedItems).toBe(3);
  });

  it("increment stops at the most one order takes of a product", () => {
    let state = withBoth();
    for (let i = 0; i < MAX_QUANTITY_PER_LINE + 5; i++) state = updateQuantity(state, "p1", "increment");
    expect(state.products[0].quantity).toBe(MAX_QUANTITY_PER_LINE);
    expect(state.selectedItems).toBe(MAX_QUANTITY_PER_LINE + 1);
  });

  it("decrement never goes below 1", () => {
    const state = updateQuantity(updateQuantity(withBoth(), "p1", "decrement"), "p1", "decrement");
    expect(state.products[0].quantity).toBe(1);
    expect(state.selectedItems).toBe(2);
  });

  it("changes only the product with that id, and an unknown id changes nothing", () => {
    const state = updateQuantity(withBoth(), "nope", "increment");
    expect(state.products.map((p) => p.quantity)).toEqual([1, 1]);
    expect(state.selectedItems).toBe(2);
  });
});

describe("removeFromCart", () => {
  it("removes the product with that id and recalculates", () => {
    const state = removeFromCart(withBoth(), "p1");
    expect(state.products.map((p) => p.id)).toEqual(["p2"]);
    expect(state.selectedItems).toBe(1);
  });

  it("removing the last product leaves the empty cart", () => {
    const state = removeFromCart(addToCart(initialCartState, mouse), "p2");
    expect(state).toEqual(initialCartState);
  });
});

describe("clearCart", () => {
  it("empties the list", () => {
    expect(clearCart()).toEqual({ products: [], selectedItems: 0 });
  });
});

describe("cartReducer", () => {
  it("applies add, quantity, remove and clear like the functions", () => {
    let state = cartReducer(initialCartState, { type: "add", product: calculator });
    state = cartReducer(state, { type: "add", product: mouse });
    state = cartReducer(state, { type: "quantity", id: "p1", change: "increment" });
    expect(state.selectedItems).toBe(3);
    state = cartReducer(state, { type: "remove", id: "p2" });
    expect(state.products).toEqual([{ ...calculator, quantity: 2 }]);
    expect(cartReducer(state, { type: "clear" })).toEqual(initialCartState);
  });
});

describe("helpers", () => {
  it("isInCart and cartLines", () => {
    const state = updateQuantity(withBoth(), "p2", "increment");
    expect(isInCart(state, "p1")).toBe(true);
    expect(isInCart(state, "p9")).toBe(false);
    expect(cartLines(state)).toEqual([
      { productId: "p1", quantity: 1 },
      { productId: "p2", quantity: 2 },
    ]);
  });
});

describe("parseStoredCart", () => {
  it("restores a saved cart and recalculates its item count", () => {
    const saved = JSON.stringify({ ...withBoth(), selectedItems: 999 });
    const state = parseStoredCart(saved);
    expect(state.products).toHaveLength(2);
    expect(state.selectedItems).toBe(2);
  });

  it("returns the empty cart for nothing or garbage, and drops malformed or duplicate entries", () => {
    expect(parseStoredCart(null)).toEqual(initialCartState);
    expect(parseStoredCart("{not json")).toEqual(initialCartState);
    const state = parseStoredCart(
      JSON.stringify({
        products: [{ ...calculator, quantity: 0 }, { id: "x" }, { ...calculator, quantity: 5 }, { ...mouse, quantity: 2.7 }],
      }),
    );
    expect(state.products.map((p) => [p.id, p.quantity])).toEqual([
      ["p1", 1],
      ["p2", 2],
    ]);
  });

  it("caps a stored quantity at the most one order takes", () => {
    const state = parseStoredCart(JSON.stringify({ products: [{ ...calculator, quantity: MAX_QUANTITY_PER_LINE + 40 }] }));
    expect(state.products[0].quantity).toBe(MAX_QUANTITY_PER_LINE);
  });
});
