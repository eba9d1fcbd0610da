import { randomUUID } from "node:crypto";
import { requiredContactNumberRule, shippingRules } from "@unibazaar/rules";
import { z } from "zod";
import type { Clock } from "../../platform/clock";
import { parseInput, ruleSaid } from "../../platform/shared/validation";
import { Fulfilment, PaymentMethod } from "./entity";
import { meetupInputSchema, type MeetupInput } from "./meetup";
import { cartLinesSchema, couponCodeSchema } from "./pricing";

/** What a checkout accepts: the cart, the contact number, an address or a meetup, the payment method, the retry key. */

const shippingSchema = z.preprocess(
  // a missing block reports each missing field, like an empty form
  (value) => value ?? {},
  shippingRules,
);

const paymentMethodSchema = z.enum(PaymentMethod, { message: ruleSaid("checkout.choosePaymentMethod") }).nullish();

// legacy REST clients send none: each of their requests is then a new checkout
const idempotencyKeySchema = z
  .string()
  .trim()
  .min(1, "idempotencyKey must not be empty.")
  .max(100, "idempotencyKey must be at most 100 characters.")
  .nullish()
  .transform((key) => key ?? randomUUID());

const cartAndContact = { lines: cartLinesSchema.min(1, ruleSaid("checkout.noProducts")), contactNumber: requiredContactNumberRule };

// keys in the order a form shows its errors: the first one becomes the error's message
const addressOrderSchema = z
  .object({
    ...cartAndContact,
    shipping: shippingSchema,
    couponCode: couponCodeSchema,
    paymentMethod: paymentMethodSchema
      .refine((method) => method !== PaymentMethod.CASH_ON_MEETUP, ruleSaid("checkout.cashOnMeetupOnlyMeetup"))
      .transform((method) => method ?? PaymentMethod.CASH_ON_DELIVERY),
    idempotencyKey: idempotencyKeySchema,
  })
  .transform((v) => ({ ...v, fulfilment: Fulfilment.ADDRESS as const, meetup: null }));

// a meetup needs no address: the shipping fields are ignored
const meetupOrderSchema = (clock: Clock) =>
  z
    .object({
      ...cartAndContact,
      meetup: z.preprocess((value) => value ?? {}, meetupInputSchema(clock)),
      couponCode: couponCodeSchema,
      paymentMethod: paymentMethodSchema
        .refine((method) => method !== PaymentMethod.CASH_ON_DELIVERY, ruleSaid("checkout.meetupPayment"))
        .transform((method) => method ?? PaymentMethod.CASH_ON_MEETUP),
      idempotencyKey: idempotencyKeySchema,
    })
    .transform((v) => ({ ...v, fulfilment: Fulfilment.MEETUP as const, shipping: null }));

/** The order input; `fulfilment` (address by default) picks which of shipping and meetup it needs. */
export type PlaceOrderInput = Omit<z.input<typeof addressOrderSchema>, "shipping"> & {
  shipping?: unknown;
  fulfilment?: Fulfilment | null;
  meetup?: MeetupInput | null;
};
export type ValidOrder = z.output<typeof addressOrderSchema> | z.output<ReturnType<typeof meetupOrderSchema>>;

export const parsePlaceOrder = (input: PlaceOrderInput, clock: Clock): ValidOrder =>
  input.fulfilment === Fulfilment.MEETUP ? parseInput(meetupOrderSchema(clock), input) : parseInput(addressOrderSchema, input);

export const quoteSchema = z.object({ lines: cartLinesSchema, couponCode: couponCodeSchema });
