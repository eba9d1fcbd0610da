import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import type { PaymentMethod } from "../../generated/graphql";

type PaymentMethodFieldProps = { value: PaymentMethod; onChange: (method: PaymentMethod) => void; meetup: boolean };

/** Cash on delivery (or on meetup, for a campus meetup) or card (paid on the hosted payment page after Place Order). */
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
        {meetup ? (
          <FormControlLabel value="CASH_ON_MEETUP" control={<Radio />} label="Cash on meetup" />
        ) : (
          <FormControlLabel value="CASH_ON_DELIVERY" control={<Radio />} label="Cash on delivery" />
        )}
        <FormControlLabel value="CARD" control={<Radio />} label="Card (pay securely on the next page)" />
      </RadioGroup>
    </FormControl>
  );
}
