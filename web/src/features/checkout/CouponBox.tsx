import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { formatDateTime } from "../../lib/format";
import type { Quote } from "./OrderSummary";

type Props = {
  /** the code asked for, or null */
  coupon: string | null;
  onCoupon: (code: string | null) => void;
  /** the quote for that code: whether it applies and why not */
  quote: Quote | undefined;
};

/** The coupon box: Apply asks the server's quote; its answer (applied or why not) shows below. */
export function CouponBox({ coupon, onCoupon, quote }: Props) {
  const { t } = useTranslation(["checkout", "errors"]);
  const [input, setInput] = useState(coupon ?? "");
  const apply = () => onCoupon(input.trim() || null);
  const remove = () => {
    setInput("");
    onCoupon(null);
  };

  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 700 }}>
        {t("coupon.title")}
      </Typography>
      <Stack direction="row" spacing={1}>
        <TextField
          label={t("coupon.code")}
          size="small"
          value={input}
          onChange={(e) => setInput(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              apply();
            }
          }}
          fullWidth
          slotProps={{ htmlInput: { autoCapitalize: "none", autoComplete: "off" } }}
        />
        <Button variant="outlined" onClick={apply} disabled={!input.trim()}>
          {t("coupon.apply")}
        </Button>
      </Stack>
      {coupon && quote?.couponMessage && (
        <Alert
          severity={quote.couponApplied ? "success" : "error"}
          sx={{ mt: 1 }}
          action={
            <Button color="inherit" size="small" onClick={remove}>
              {t("coupon.remove")}
            </Button>
          }
        >
          {couponMessage(quote, t)}
        </Alert>
      )}
      {coupon && quote && !quote.couponMessage && quote.couponApplied && (
        <Alert severity="success" sx={{ mt: 1 }}>
          {t("coupon.applied", { code: quote.couponCode })}
        </Alert>
      )}
    </>
  );
}

/** The server's word on the coupon in the reader's language, from its key (`errors:coupon.…`); the server's sentence without one. */
function couponMessage(quote: Quote, t: TFunction<["checkout", "errors"]>): string {
  const note = quote.couponNote;
  if (!note) return quote.couponMessage ?? "";
  return t(`errors:${note.key}`, {
    code: note.code ?? undefined,
    percent: note.percent ?? undefined,
    startsAt: note.startsAt ? formatDateTime(note.startsAt) : undefined,
    // a count picks a plural form: none without one
    count: note.count ?? undefined,
    defaultValue: quote.couponMessage,
  });
}
