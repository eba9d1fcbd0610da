import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useMemo } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { Fulfilment } from "../../generated/graphql";
import { useAuth } from "../../lib/auth";
import { meetupFormSchemaFor, shippingFormSchemaFor, type ShippingForm } from "./validation";

const SHIPPING_KEY = "checkout.shipping";

function readShipping(contactNumber: string | null | undefined): ShippingForm {
  try {
    const saved = JSON.parse(sessionStorage.getItem(SHIPPING_KEY) ?? "null") as Partial<ShippingForm> | null;
    if (saved && typeof saved === "object") {
      return {
        address: saved.address ?? "",
        city: saved.city ?? "",
        postalCode: saved.postalCode ?? "",
        country: saved.country ?? "Pakistan",
        contactNumber: saved.contactNumber || contactNumber || "",
      };
    }
  } catch {
    // ignore a damaged entry
  }
  return { address: "", city: "", postalCode: "", country: "Pakistan", contactNumber: contactNumber ?? "" };
}

/**
 * The checkout's contact and address form: kept in the session (it survives the trip to the login
 * page), the signed-in user's contact number filled in, the address checked only for delivery.
 */
export function useShippingForm(fulfilment: Fulfilment) {
  const { t } = useTranslation("checkout");
  const { user } = useAuth();
  const schemas = useMemo(() => ({ shipping: shippingFormSchemaFor(t), meetup: meetupFormSchemaFor(t) }), [t]);
  // the form checks the address only for delivery; the resolver reads the current choice from the context
  const form = useForm<ShippingForm, { meetup: boolean }>({
    defaultValues: readShipping(user?.contactNumber),
    context: { meetup: fulfilment === "MEETUP" },
    resolver: (values, context, options) => zodResolver(context?.meetup ? schemas.meetup : schemas.shipping)(values, context, options),
  });

  // the form survives the trip to the login page
  useEffect(
    () =>
      form.subscribe({
        formState: { values: true },
        callback: ({ values }) => {
          try {
            sessionStorage.setItem(SHIPPING_KEY, JSON.stringify(values));
          } catch {
            // not important
          }
        },
      }),
    [form],
  );

  // a user who signs in later brings their contact number along
  useEffect(() => {
    if (user?.contactNumber && !form.getValues("contactNumber")) form.setValue("contactNumber", user.contactNumber);
  }, [user?.contactNumber, form]);

  return form;
}
