import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { NotifyProvider } from "../components/Notify";
import { CartProvider } from "../features/cart/CartContext";
import { routes } from "./routes";

const router = createBrowserRouter(routes);

export function App() {
  return (
    <NotifyProvider>
      <CartProvider>
        <RouterProvider router={router} />
      </CartProvider>
    </NotifyProvider>
  );
}
