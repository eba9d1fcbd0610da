import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { UseFormSetError } from "react-hook-form";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import type { PlaceOrderInput, PlaceOrderMutation } from "../../generated/graphql";
import { usePlaceOrderMutation } from "../../generated/hooks";
import { SHIPPING_FIELDS, newIdempotencyKey, type ShippingForm } from "./validation";

type Checkout = PlaceOrderMutation["placeOrder"];

/**
 * One checkout attempt: placeOrder with an idempotency key that is kept while the same order is
 * retried (a lost answer never places it twice) and renewed when anything changes. The server's
 * field problems land on the shipping form; any other failure is `error`.
 */
export function useCheckoutAttempt(setFieldError: UseFormSetError<ShippingForm>) {
  const { t } = useTranslation("checkout");
  const [placeOrder, { loading }] = usePlaceOrderMutation();
  const [error, setError] = useState<string | null>(null);
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  const place = async (input: Omit<PlaceOrderInput, "idempotencyKey">): Promise<Checkout | null> => {
    setError(null);
    const signature = JSON.stringify(input);
    if (!attempt.current || attempt.current.signature !== signature) attempt.current = { key: newIdempotencyKey(), signature };
    try {
      const { data } = await placeOrder({ variables: { input: { ...input, idempotencyKey: attempt.current.key } } });
      const checkout = data?.placeOrder;
      if (!checkout) throw new Error("no checkout");
      attempt.current = null;
      return checkout;
    } catch (e) {
      applyServerFieldErrors(e, setFieldError, SHIPPING_FIELDS);
      setError(errorMessage(e, t("panel.placeFailed")));
      return null;
    }
  };

  return { place, placing: loading, error, clearError: () => setError(null) };
}
