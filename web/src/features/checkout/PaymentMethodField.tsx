import Alert from "@mui/material/Alert";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import { useTranslation } from "react-i18next";
import { isCashPayment } from "../../domain/order/payment";
import type { PaymentMethod } from "../../generated/graphql";
import { usePaymentMethodsQuery } from "../../generated/hooks";

type PaymentMethodFieldProps = { value: PaymentMethod; onChange: (method: PaymentMethod) => void; meetup: boolean };

const ONLINE: readonly PaymentMethod[] = ["JAZZCASH", "EASYPAISA", "CARD"];

/**
 * Cash on delivery (or on meetup, for a campus meetup), a mobile wallet (JazzCash, Easypaisa) or
 * card: the online ones are paid on the next page after Place Order, and held until the handover.
 * Only the methods the server offers are shown (cash always; until it answers, cash alone).
 */
export function PaymentMethodField({ value, onChange, meetup }: PaymentMethodFieldProps) {
  const { t } = useTranslation("checkout");
  const offered = usePaymentMethodsQuery().data?.paymentMethods ?? [];
  // cash is paid where the goods are handed over
  const methods: PaymentMethod[] = [...ONLINE.filter((method) => offered.includes(method)), meetup ? "CASH_ON_MEETUP" : "CASH_ON_DELIVERY"];
  return (
    <FormControl sx={{ mt: 3 }}>
      <FormLabel id="payment-method-label" sx={{ fontWeight: 700, color: "text.primary" }}>
        {t("payment.title")}
      </FormLabel>
      <RadioGroup
        aria-labelledby="payment-method-label"
        name="paymentMethod"
        value={value}
        onChange={(e) => onChange(e.target.value as PaymentMethod)}
      >
        {methods.map((method) => (
          <FormControlLabel key={method} value={method} control={<Radio />} label={t(`payment.methods.${method}`)} />
        ))}
      </RadioGroup>
      {!isCashPayment(value) && (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t("payment.online")}
        </Alert>
      )}
    </FormControl>
  );
}
