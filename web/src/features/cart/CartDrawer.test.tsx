import { cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { MAX_QUANTITY_PER_LINE } from "@unibazaar/rules/limits";
import { MemoryRouter } from "react-router-dom";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { NotifyProvider } from "../../components/Notify";
import { formatPKR } from "../../lib/format";
import { i18n, loadNamespaces } from "../../lib/i18n";
import { CartDrawer } from "./CartDrawer";
import { CartProvider, useCart } from "./CartContext";

// the drawer's words come from the "cart" catalogue, loaded with the drawer in the app
beforeAll(() => loadNamespaces(["cart"]));
afterEach(cleanup);
beforeEach(() => localStorage.clear());

const calculator = { id: "p1", name: "Scientific Calculator", price: 2450, image: "/uploads/calc.webp" };
const mouse = { id: "p2", name: "Wireless Mouse", price: 1250, image: "/uploads/mouse.webp" };

/** Puts products in the cart the way a product page does, then opens the panel. */
function Shopper({ products }: { products: (typeof calculator)[] }) {
  const { add, openCart } = useCart();
  return (
    <button
      onClick={() => {
        for (const p of products) add(p);
        openCart();
      }}
    >
      Fill the cart
    </button>
  );
}

/** Renders the cart with these products and returns its open panel, found by its name. */
const renderCart = (products: (typeof calculator)[], panelName = "Shopping cart") => {
  render(
    <MemoryRouter>
      <NotifyProvider>
        <CartProvider>
          <Shopper products={products} />
          <CartDrawer checkout={<p>checkout part</p>} agreedPrices={{ p2: 1000 }} />
        </CartProvider>
      </NotifyProvider>
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Fill the cart" }));
  return screen.getByRole("dialog", { name: panelName });
};

const quantityOf = (name: string) => screen.getByLabelText(`Quantity of ${name}`).textContent;

describe("CartDrawer", () => {
  it("counts the items in the heading and shows the agreed price beside the listed one", () => {
    const panel = renderCart([calculator, mouse]);
    expect(within(panel).getByRole("heading", { name: /Your cart/ }).textContent).toContain("(2 items)");
    const mouseRow = within(panel).getByRole("listitem", { name: "Wireless Mouse" });
    expect(mouseRow.textContent).toContain(`Agreed price ${formatPKR(1000)}`);
    expect(mouseRow.textContent).toContain(`(listed ${formatPKR(1250)})`);
    expect(within(panel).getByText("checkout part")).toBeTruthy();
  });

  it("steps a quantity between 1 and the most one order takes, and the count follows", () => {
    const panel = renderCart([calculator]);
    const less = within(panel).getByRole("button", { name: "Decrease quantity of Scientific Calculator" });
    const more = within(panel).getByRole("button", { name: "Increase quantity of Scientific Calculator" });
    expect(less.hasAttribute("disabled")).toBe(true);
    fireEvent.click(more);
    expect(quantityOf("Scientific Calculator")).toBe("2");
    expect(within(panel).getByRole("heading", { name: /Your cart/ }).textContent).toContain("(2 items)");
    for (let i = 2; i < MAX_QUANTITY_PER_LINE + 3; i++) fireEvent.click(more);
    expect(quantityOf("Scientific Calculator")).toBe(String(MAX_QUANTITY_PER_LINE));
    expect(more.hasAttribute("disabled")).toBe(true);
    fireEvent.click(less);
    expect(quantityOf("Scientific Calculator")).toBe(String(MAX_QUANTITY_PER_LINE - 1));
    expect(more.hasAttribute("disabled")).toBe(false);
  });

  it("removes a line, and says the cart is empty after the last one", () => {
    const panel = renderCart([calculator, mouse]);
    fireEvent.click(within(panel).getByRole("button", { name: "Remove Scientific Calculator" }));
    expect(within(panel).queryByRole("listitem", { name: "Scientific Calculator" })).toBeNull();
    expect(within(panel).getByRole("heading", { name: /Your cart/ }).textContent).toContain("(1 item)");
    fireEvent.click(within(panel).getByRole("button", { name: "Remove Wireless Mouse" }));
    expect(within(panel).getByText("Your cart is empty.")).toBeTruthy();
    expect(JSON.parse(localStorage.getItem("cart") ?? "{}")).toEqual({ products: [] });
  });

  // values are isolated inside the Urdu sentence (U+2068 ... U+2069), so digits and English names keep their place
  it("speaks Urdu to an Urdu reader: the panel's name, its heading with the count, the empty cart", async () => {
    await i18n.changeLanguage("ur");
    try {
      const panel = renderCart([calculator, mouse], "شاپنگ کارٹ");
      expect(within(panel).getByRole("heading", { name: /آپ کا کارٹ/ }).textContent).toContain("(\u20682\u2069 چیزیں)");
      fireEvent.click(within(panel).getByRole("button", { name: "\u2068Scientific Calculator\u2069 ہٹائیں" }));
      expect(within(panel).getByRole("heading", { name: /آپ کا کارٹ/ }).textContent).toContain("(\u20681\u2069 چیز)");
      fireEvent.click(within(panel).getByRole("button", { name: "\u2068Wireless Mouse\u2069 ہٹائیں" }));
      expect(within(panel).getByText("آپ کا کارٹ خالی ہے۔")).toBeTruthy();
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});
