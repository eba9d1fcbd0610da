import { act, cleanup, render } from "@testing-library/react";
import { afterEach, beforeEach, expect, it } from "vitest";
import { CartProvider, useCart } from "./CartContext";

afterEach(cleanup);
beforeEach(() => localStorage.clear());

const mouse = { id: "p2", name: "Wireless Mouse", price: 1250, image: "/uploads/mouse.webp" };
const stored = () => JSON.parse(localStorage.getItem("cart") ?? "null") as { products: Array<{ id: string }> } | null;

it("saves an emptied cart before the next render: a card checkout leaves for the payment page right after", () => {
  let cart: ReturnType<typeof useCart> | undefined;
  const Spy = () => {
    cart = useCart();
    return null;
  };
  render(
    <CartProvider>
      <Spy />
    </CartProvider>,
  );
  act(() => cart!.add(mouse));
  expect(stored()?.products.map((p) => p.id)).toEqual(["p2"]);

  act(() => {
    cart!.clear();
    // inside act nothing has rendered yet: what a page replaced now would leave behind
    expect(stored()?.products).toEqual([]);
  });
  expect(cart!.cart.products).toEqual([]);
});
