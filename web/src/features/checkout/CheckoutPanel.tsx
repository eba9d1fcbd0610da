import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Divider from "@mui/material/Divider";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { errorMessage, fieldErrors } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { OrderTotals } from "../../components/OrderTotals";
import type { CartLineInput, PaymentMethod } from "../../generated/graphql";
import { usePlaceOrderMutation, usePriceQuoteQuery } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { formatPKR } from "../../lib/format";
import { newIdempotencyKey, serverFieldProblems, validateCheckout, type CheckoutProblems, type ShippingForm } from "./validation";

type CheckoutPanelProps = {
  lines: CartLineInput[];
  /** Whether the cart panel is open (the quote is only asked for then). */
  active: boolean;
  onClearCart: () => void;
  /** After a successful order: the cart is cleared and the panel closes. */
  onOrderPlaced: () => void;
  /** Before leaving for the login page: where to come back to is remembered by the app. */
  onSignInNeeded: () => void;
};

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
 * The cart panel's checkout: the server's price quote (with the coupon), the shipping form, the
 * coupon box, the payment method, Clear Cart and Place Order.
 */
export function CheckoutPanel({ lines, active, onClearCart, onOrderPlaced, onSignInNeeded }: CheckoutPanelProps) {
  const { user } = useAuth();
  const notify = useNotify();
  const navigate = useNavigate();
  const location = useLocation();
  const [shipping, setShipping] = useState<ShippingForm>(() => readShipping(user?.contactNumber));
  const [couponInput, setCouponInput] = useState("");
  const [coupon, setCoupon] = useState<string | null>(null);
  const [paymentMethod, setPaymentMethod] = useState<PaymentMethod>("CASH_ON_DELIVERY");
  const [problems, setProblems] = useState<CheckoutProblems | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const [confirmClear, setConfirmClear] = useState(false);
  // one key per checkout attempt: kept while the same order is retried, new when anything changes
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  const quote = usePriceQuoteQuery({
    variables: { lines, couponCode: coupon },
    skip: !active || lines.length === 0,
    fetchPolicy: "cache-and-network",
  });
  const [placeOrder, placing] = usePlaceOrderMutation();

  useEffect(() => {
    try {
      sessionStorage.setItem(SHIPPING_KEY, JSON.stringify(shipping));
    } catch {
      // not important
    }
  }, [shipping]);

  // a user who signs in later brings their contact number along
  useEffect(() => {
    if (user?.contactNumber) setShipping((s) => (s.contactNumber ? s : { ...s, contactNumber: user.contactNumber ?? "" }));
  }, [user?.contactNumber]);

  const q = quote.data?.priceQuote;
  const unavailable = q?.lines.filter((l) => !l.available) ?? [];

  const setField = (key: keyof ShippingForm, value: string) => {
    setShipping((s) => ({ ...s, [key]: value }));
    setProblems((p) => (p ? { form: undefined, fields: { ...p.fields, [key]: undefined } } : p));
  };

  const applyCoupon = () => {
    const code = couponInput.trim();
    setCoupon(code ? code : null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const found = validateCheckout(lines.length, shipping);
    setProblems(found);
    // problems show in the panel, next to the fields and above Place Order (a Snackbar would cover the buttons on a phone)
    if (found) return;
    if (!user) {
      notify.info("Please log in to place your order.");
      onSignInNeeded();
      navigate("/login", { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    const input = {
      lines,
      shipping: {
        address: shipping.address.trim(),
        city: shipping.city.trim(),
        postalCode: shipping.postalCode.trim(),
        country: shipping.country.trim(),
      },
      contactNumber: shipping.contactNumber.trim(),
      couponCode: coupon && q?.couponApplied ? coupon : null,
      paymentMethod,
    };
    const signature = JSON.stringify(input);
    if (!attempt.current || attempt.current.signature !== signature) attempt.current = { key: newIdempotencyKey(), signature };
    try {
      const { data } = await placeOrder({ variables: { input: { ...input, idempotencyKey: attempt.current.key } } });
      const checkout = data?.placeOrder;
      if (!checkout) throw new Error("no checkout");
      attempt.current = null;
      notify.success("Order placed successfully!");
      onOrderPlaced();
      setCoupon(null);
      setCouponInput("");
      if (checkout.paymentMethod === "CARD" && checkout.paymentUrl) {
        window.location.assign(checkout.paymentUrl);
      } else {
        navigate("/orders");
      }
    } catch (e) {
      const message = errorMessage(e, "Failed to place order.");
      const fields = serverFieldProblems(fieldErrors(e));
      if (Object.keys(fields).length) setProblems({ fields });
      setServerError(message);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Checkout">
      <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
        Order summary
      </Typography>
      <OrderSummary quote={q} loading={quote.loading && !q} failed={Boolean(quote.error) && !q} onRetry={() => void quote.refetch()} />
      {unavailable.length > 0 && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          No longer available (left out of the total): {unavailable.map((l) => l.name).join(", ")}. Please remove{" "}
          {unavailable.length === 1 ? "it" : "them"} from your cart.
        </Alert>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 700 }}>
        Coupon
      </Typography>
      <Stack direction="row" spacing={1}>
        <TextField
          label="Coupon code"
          size="small"
          value={couponInput}
          onChange={(e) => setCouponInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              applyCoupon();
            }
          }}
          fullWidth
          slotProps={{ htmlInput: { autoCapitalize: "none", autoComplete: "off" } }}
        />
        <Button variant="outlined" onClick={applyCoupon} disabled={!couponInput.trim()}>
          Apply
        </Button>
      </Stack>
      {coupon && q?.couponMessage && (
        <Alert
          severity={q.couponApplied ? "success" : "error"}
          sx={{ mt: 1 }}
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => {
                setCoupon(null);
                setCouponInput("");
              }}
            >
              Remove
            </Button>
          }
        >
          {q.couponMessage}
        </Alert>
      )}
      {coupon && q && !q.couponMessage && q.couponApplied && (
        <Alert severity="success" sx={{ mt: 1 }}>
          Coupon “{q.couponCode}” applied.
        </Alert>
      )}

      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 700 }}>
        Shipping details
      </Typography>
      <Stack spacing={1.5}>
        <TextField
          label="Address"
          size="small"
          required
          value={shipping.address}
          onChange={(e) => setField("address", e.target.value)}
          autoComplete="street-address"
          error={Boolean(problems?.fields.address)}
          helperText={problems?.fields.address}
        />
        <Stack direction="row" spacing={1.5}>
          <TextField
            label="City"
            size="small"
            required
            value={shipping.city}
            onChange={(e) => setField("city", e.target.value)}
            autoComplete="address-level2"
            error={Boolean(problems?.fields.city)}
            helperText={problems?.fields.city}
            fullWidth
          />
          <TextField
            label="Postal code"
            size="small"
            required
            value={shipping.postalCode}
            onChange={(e) => setField("postalCode", e.target.value)}
            autoComplete="postal-code"
            error={Boolean(problems?.fields.postalCode)}
            helperText={problems?.fields.postalCode}
            fullWidth
          />
        </Stack>
        <TextField
          label="Country"
          size="small"
          required
          value={shipping.country}
          onChange={(e) => setField("country", e.target.value)}
          autoComplete="country-name"
          error={Boolean(problems?.fields.country)}
          helperText={problems?.fields.country}
        />
        <TextField
          label="Contact number"
          size="small"
          type="tel"
          required
          value={shipping.contactNumber}
          onChange={(e) => setField("contactNumber", e.target.value)}
          autoComplete="tel"
          placeholder="03001234567"
          error={Boolean(problems?.fields.contactNumber)}
          helperText={problems?.fields.contactNumber}
        />
      </Stack>

      <FormControl sx={{ mt: 3 }}>
        <FormLabel id="payment-method-label" sx={{ fontWeight: 700, color: "text.primary" }}>
          Payment method
        </FormLabel>
        <RadioGroup
          aria-labelledby="payment-method-label"
          name="paymentMethod"
          value={paymentMethod}
          onChange={(e) => setPaymentMethod(e.target.value as PaymentMethod)}
        >
          <FormControlLabel value="CASH_ON_DELIVERY" control={<Radio />} label="Cash on delivery" />
          <FormControlLabel value="CARD" control={<Radio />} label="Card (pay securely on the next page)" />
        </RadioGroup>
      </FormControl>

      {(problems?.form || serverError) && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {serverError ?? problems?.form}
        </Alert>
      )}

      <Divider sx={{ my: 2 }} />
      <Stack direction="row" spacing={1.5} sx={{ position: "sticky", bottom: 0, bgcolor: "background.paper", py: 1.5, zIndex: 1 }}>
        <Button variant="outlined" color="error" onClick={() => setConfirmClear(true)} disabled={placing.loading} sx={{ flex: 1 }}>
          Clear Cart
        </Button>
        <Button type="submit" variant="contained" disabled={placing.loading} sx={{ flex: 2 }}>
          {placing.loading ? "Placing order..." : q ? `Place Order · ${formatPKR(q.total)}` : "Place Order"}
        </Button>
      </Stack>

      <Dialog open={confirmClear} onClose={() => setConfirmClear(false)} aria-labelledby="clear-cart-title">
        <DialogTitle id="clear-cart-title">Clear your cart?</DialogTitle>
        <DialogContent>
          <DialogContentText>Every product will be removed from your cart.</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmClear(false)}>Keep my cart</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              setConfirmClear(false);
              setCoupon(null);
              setCouponInput("");
              onClearCart();
            }}
          >
            Clear Cart
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}

type Quote = NonNullable<ReturnType<typeof usePriceQuoteQuery>["data"]>["priceQuote"];

function OrderSummary({
  quote,
  loading,
  failed,
  onRetry,
}: {
  quote: Quote | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
}) {
  if (failed) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            Try again
          </Button>
        }
      >
        Could not price your cart.
      </Alert>
    );
  }
  if (loading || !quote) {
    return (
      <Stack spacing={0.5} role="status" aria-label="Loading order summary">
        {Array.from({ length: 5 }, (_, i) => (
          <Skeleton key={i} variant="text" />
        ))}
      </Stack>
    );
  }
  return (
    <OrderTotals
      totals={quote}
      leadingRows={[["Selected items", String(quote.itemCount)]]}
      subtotalLabel="Total price"
      discountLabel={`Discount${quote.couponCode ? ` (${quote.couponCode})` : ""}`}
      taxLabel={`Tax (${Math.round(quote.taxRate * 100)}%)`}
      totalLabel="Grand total"
      sx={{ bgcolor: "grey.50", borderRadius: 1, p: 1.5, border: 1, borderColor: "divider" }}
    />
  );
}
