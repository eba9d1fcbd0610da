import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { useNotify } from "../../components/Notify";
import type { CartLineInput, Fulfilment, PaymentMethod } from "../../generated/graphql";
import { usePriceQuoteQuery } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { formatPKR } from "../../lib/format";
import type { MeetupChoice } from "../../domain/meetup/MeetupFields";
import { defaultSlot, meetupInstant } from "../../domain/meetup/slots";
import { CouponBox } from "./CouponBox";
import { FulfilmentField } from "./FulfilmentField";
import { OrderSummary } from "./OrderSummary";
import { PaymentMethodField } from "./PaymentMethodField";
import { ShippingFields } from "./ShippingFields";
import { QuoteNotices } from "./QuoteNotices";
import { useCheckoutAttempt } from "./useCheckoutAttempt";
import { useMeetupCampus } from "./useMeetupCampus";
import { useShippingForm } from "./useShippingForm";

type CheckoutPanelProps = {
  lines: CartLineInput[];
  /** Whether the cart panel is open (the quote is only asked for then). */
  active: boolean;
  onClearCart: () => void;
  /** Once the order is placed (card included, before leaving for the payment page): the cart is cleared and the panel closes. */
  onOrderPlaced: () => void;
  /** Before leaving for the login page: where to come back to is remembered by the app. */
  onSignInNeeded: () => void;
  /** The prices agreed in accepted offers, per product id, as the quote charges them (the cart's lines show them). */
  onAgreedPrices: (prices: Record<string, number>) => void;
};

/**
 * The cart panel's checkout: the server's price quote (with the coupon), the coupon box, the
 * shipping form, the payment method, Clear Cart and Place Order.
 */
export function CheckoutPanel({ lines, active, onClearCart, onOrderPlaced, onSignInNeeded, onAgreedPrices }: CheckoutPanelProps) {
  const { t } = useTranslation("checkout");
  const { user } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [fulfilment, setFulfilment] = useState<Fulfilment>("ADDRESS");
  const form = useShippingForm(fulfilment);
  const attempt = useCheckoutAttempt(form.setError);
  const [coupon, setCoupon] = useState<string | null>(null);
  // remounts the coupon box (its text) when the coupon is dropped from outside it
  const [couponResets, setCouponResets] = useState(0);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("CASH_ON_DELIVERY");
  const [meetup, setMeetup] = useState<MeetupChoice>(() => ({ point: "", ...defaultSlot() }));
  const [pointError, setPointError] = useState("");
  const [emptyCart, setEmptyCart] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);

  const quote = usePriceQuoteQuery({
    variables: { lines, couponCode: coupon },
    skip: !active || lines.length === 0,
    fetchPolicy: "cache-and-network",
  });

  const q = quote.data?.priceQuote;
  const unavailable = q?.lines.filter((l) => !l.available) ?? [];
  const offered = useMemo(() => q?.lines.filter((l) => l.offerPrice != null) ?? [], [q]);
  useEffect(() => onAgreedPrices(Object.fromEntries(offered.map((l) => [l.productId, l.offerPrice!]))), [offered, onAgreedPrices]);
  const campus = useMeetupCampus(q, active);
  const meeting = fulfilment === "MEETUP" && campus !== null && "points" in campus;

  const chooseFulfilment = (next: Fulfilment) => {
    setFulfilment(next);
    form.clearErrors();
    // cash is paid where the goods are handed over
    if (next === "MEETUP" && paymentMethod === "CASH_ON_DELIVERY") setPaymentMethod("CASH_ON_MEETUP");
    if (next === "ADDRESS" && paymentMethod === "CASH_ON_MEETUP") setPaymentMethod("CASH_ON_DELIVERY");
  };

  const dropCoupon = () => {
    setCoupon(null);
    setCouponResets((n) => n + 1);
  };

  const submit = form.handleSubmit(
    async (shipping) => {
      attempt.clearError();
      setEmptyCart(lines.length === 0);
      if (lines.length === 0) return;
      if (!user) {
        notify.info(t("panel.logIn"));
        onSignInNeeded();
        navigate("/login", { state: { from: `${location.pathname}${location.search}` } });
        return;
      }
      const { contactNumber, ...address } = shipping;
      if (meeting && !meetup.point) return setPointError(t("panel.choosePoint"));
      setPointError("");
      const checkout = await attempt.place({
        lines,
        ...(meeting
          ? { fulfilment: "MEETUP" as const, meetup: { point: meetup.point, at: meetupInstant(meetup) } }
          : { fulfilment: "ADDRESS" as const, shipping: address }),
        contactNumber,
        couponCode: coupon && q?.couponApplied ? coupon : null,
        paymentMethod,
      });
      if (!checkout) return;
      dropCoupon();
      // what is ordered leaves the cart at once, card included: an unpaid card order is completed
      // from My Orders, never ordered a second time from a cart that still holds it
      onOrderPlaced();
      // card and wallets are paid on the payment page
      if (checkout.paymentUrl) {
        window.location.assign(checkout.paymentUrl);
        return;
      }
      notify.success(t("panel.placed"));
      // /orders confirms it with the next steps (where and when, for a meetup)
      const proposed = checkout.orders[0]?.meetup;
      navigate("/orders", {
        state: {
          placed: {
            total: checkout.total,
            orderCount: checkout.orders.length,
            meetup: proposed
              ? { where: t("panel.meetupPlace", { point: proposed.point.label, campus: proposed.campus.label }), at: proposed.at }
              : null,
          },
        },
      });
    },
    () => {
      attempt.clearError();
      setEmptyCart(lines.length === 0);
    },
  );

  const formProblem = emptyCart ? t("panel.noProducts") : attempt.error;

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={t("panel.label")}>
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        {t("panel.summary")}
      </Typography>
      <OrderSummary quote={q} loading={quote.loading && !q} failed={Boolean(quote.error) && !q} onRetry={() => void quote.refetch()} />
      <QuoteNotices offered={offered} unavailable={unavailable} />

      <CouponBox key={couponResets} coupon={coupon} onCoupon={setCoupon} quote={q} />

      {!user && (
        <Alert severity="info" sx={{ mt: 3 }}>
          {t("panel.signInFirst")}
        </Alert>
      )}
      <FulfilmentField
        value={meeting ? "MEETUP" : "ADDRESS"}
        onChange={chooseFulfilment}
        campus={campus}
        meetup={meetup}
        onMeetup={(value) => {
          setMeetup(value);
          if (value.point) setPointError("");
        }}
        pointError={pointError}
      />
      <ShippingFields control={form.control} withAddress={!meeting} />
      <PaymentMethodField value={paymentMethod} onChange={setPaymentMethod} meetup={meeting} />

      <Divider sx={{ my: 2 }} />
      {/* a refusal sits in the sticky bar, above the buttons: anywhere else the bar can cover it */}
      <Box sx={{ position: "sticky", bottom: 0, bgcolor: "background.paper", py: 1.5, zIndex: 1 }}>
        {formProblem && (
          <Alert severity="error" sx={{ mb: 1.5, maxHeight: "40vh", overflowY: "auto" }} role="alert">
            {formProblem}
          </Alert>
        )}
        <Stack direction="row" spacing={1.5}>
          <Button variant="outlined" color="error" onClick={() => setConfirmClear(true)} disabled={attempt.placing} sx={{ flex: 1 }}>
            {t("panel.clear")}
          </Button>
          <Button type="submit" variant="contained" disabled={attempt.placing} sx={{ flex: 2 }}>
            {attempt.placing ? t("panel.placing") : q ? t("panel.placeFor", { total: formatPKR(q.total) }) : t("panel.place")}
          </Button>
        </Stack>
      </Box>

      <ConfirmDialog
        open={confirmClear}
        title={t("panel.clearTitle")}
        message={t("panel.clearText")}
        cancelLabel={t("panel.keep")}
        confirmLabel={t("panel.clear")}
        onConfirm={() => {
          setConfirmClear(false);
          dropCoupon();
          onClearCart();
        }}
        onClose={() => setConfirmClear(false)}
      />
    </Box>
  );
}
