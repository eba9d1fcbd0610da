import Alert from "@mui/material/Alert";
import Typography, { type TypographyProps } from "@mui/material/Typography";
import { useEffect, useState } from "react";
import { formatDateTime } from "../lib/format";

/** "5 h 12 min" until `until` (at least "1 min"; "0 min" once passed). */
export function timeLeft(until: string, now: number): string {
  const minutes = Math.max(0, Math.ceil((Date.parse(until) - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  return hours ? `${hours} h ${minutes % 60} min` : `${minutes} min`;
}

/** The time left until `until`, redrawn every 30 seconds (display only: the server's job ends the reservation). */
export function Countdown({ until, ...props }: { until: string } & TypographyProps) {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return (
    <Typography component="span" {...props}>
      <time dateTime={until} title={formatDateTime(until)}>
        {timeLeft(until, now)}
      </time>
    </Typography>
  );
}

/** A listing's reservation as the product page shows it: the caller's own, or another buyer's holding every unit left. */
export function ReservationNotice({ product }: { product: { reservedUntil?: string | null; myReservationEndsAt?: string | null } }) {
  if (product.myReservationEndsAt)
    return (
      <Alert severity="info" sx={{ mt: 3 }} aria-label="Reserved for you">
        Reserved for you: check out within <Countdown until={product.myReservationEndsAt} sx={{ fontWeight: 700 }} /> (until{" "}
        {formatDateTime(product.myReservationEndsAt)}), or it goes back on sale.
      </Alert>
    );
  if (product.reservedUntil)
    return (
      <Alert severity="warning" sx={{ mt: 3 }} aria-label="Reserved">
        Reserved: the seller accepted another buyer&apos;s offer. It is for sale again in{" "}
        <Countdown until={product.reservedUntil} sx={{ fontWeight: 700 }} /> unless they buy it.
      </Alert>
    );
  return null;
}
