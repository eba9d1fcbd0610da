import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useRef } from "react";
import { useForm } from "react-hook-form";
import type { Fulfilment } from "../../generated/graphql";
import { useAuth } from "../../lib/auth";
import { meetupFormSchema, shippingFormSchema, type ShippingForm } from "./validation";

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
  const { user } = useAuth();
  // the form checks the address only for delivery; the resolver reads the current choice
  const meetupChosen = useRef(false);
  meetupChosen.current = fulfilment === "MEETUP";
  const form = useForm<ShippingForm>({
    defaultValues: readShipping(user?.contactNumber),
    resolver: (values, context, options) =>
      zodResolver(meetupChosen.current ? meetupFormSchema : shippingFormSchema)(values, context, options),
  });

  // the form survives the trip to the login page
  useEffect(() => {
    const subscription = form.watch((values) => {
      try {
        sessionStorage.setItem(SHIPPING_KEY, JSON.stringify(values));
      } catch {
        // not important
      }
    });
    return () => subscription.unsubscribe();
  }, [form]);

  // a user who signs in later brings their contact number along
  useEffect(() => {
    if (user?.contactNumber && !form.getValues("contactNumber")) form.setValue("contactNumber", user.contactNumber);
  }, [user?.contactNumber, form]);

  return form;
}
