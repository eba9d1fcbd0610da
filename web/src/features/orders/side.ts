/** Which side of an order the reader is on: its buyer, its seller, or an admin looking at both. */
export type OrderSide = "BUYER" | "SELLER" | "ADMIN";

export function orderSide(order: { buyer: { id: string } | null; seller: { id: string } | null }, userId: string | undefined): OrderSide {
  if (userId && order.seller?.id === userId) return "SELLER";
  if (userId && order.buyer?.id === userId) return "BUYER";
  return "ADMIN";
}
