import Alert from "@mui/material/Alert";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import { HELD_NOTICE, isCashPayment } from "../../components/payment";
import type { PaymentMethod } from "../../generated/graphql";

type PaymentMethodFieldProps = { value: PaymentMethod; onChange: (method: PaymentMethod) => void; meetup: boolean };

/**
 * Cash on delivery (or on meetup, for a campus meetup), a mobile wallet (JazzCash, Easypaisa) or
 * card: the online ones are paid on the next page after Place Order, and held until the handover.
 */
export function PaymentMethodField({ value, onChange, meetup }: PaymentMethodFieldProps) {
  return (
    <FormControl sx={{ mt: 3 }}>
      <FormLabel id="payment-method-label" sx={{ fontWeight: 700, color: "text.primary" }}>
        Payment method
      </FormLabel>
      <RadioGroup
        aria-labelledby="payment-method-label"
        name="paymentMethod"
        value={value}
        onChange={(e) => onChange(e.target.value as PaymentMethod)}
      >
        <FormControlLabel value="JAZZCASH" control={<Radio />} label="JazzCash" />
        <FormControlLabel value="EASYPAISA" control={<Radio />} label="Easypaisa" />
        <FormControlLabel value="CARD" control={<Radio />} label="Card" />
        {meetup ? (
          <FormControlLabel value="CASH_ON_MEETUP" control={<Radio />} label="Cash on meetup" />
        ) : (
          <FormControlLabel value="CASH_ON_DELIVERY" control={<Radio />} label="Cash on delivery" />
        )}
      </RadioGroup>
      {!isCashPayment(value) && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {HELD_NOTICE} You pay securely on the next page.
        </Alert>
      )}
    </FormControl>
  );
}
