import Alert from "@mui/material/Alert";
import Typography, { type TypographyProps } from "@mui/material/Typography";
import i18next from "i18next";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatCount, formatDateTime } from "../lib/format";
import { aroundElement, ELEMENT_MARK } from "../lib/i18n";

/** "5 h 12 min" until `until` (at least "1 min"; "0 min" once passed). */
export function timeLeft(until: string, now: number): string {
  const minutes = Math.max(0, Math.ceil((Date.parse(until) - now) / 60_000));
  const hours = Math.floor(minutes / 60);
  // read at call time: the countdown re-renders every 30 seconds and on a language switch
  return hours
    ? i18next.t("reservation.hoursMinutes", { ns: "trust", hours: formatCount(hours), minutes: formatCount(minutes % 60) })
    : i18next.t("reservation.minutes", { ns: "trust", minutes: formatCount(minutes) });
}

/** The time left until `until`, redrawn every 30 seconds (display only: the server's job ends the reservation). */
export function Countdown({ until, ...props }: { until: string } & TypographyProps) {
  useTranslation("trust");
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
  const { t } = useTranslation("trust");
  if (product.myReservationEndsAt)
    return (
      <Alert severity="info" sx={{ mt: 3 }} aria-label={t("reservation.mineLabel")}>
        {aroundElement(
          t("reservation.mine", { left: ELEMENT_MARK, until: formatDateTime(product.myReservationEndsAt) }),
          <Countdown until={product.myReservationEndsAt} sx={{ fontWeight: 700 }} />,
        )}
      </Alert>
    );
  if (product.reservedUntil)
    return (
      <Alert severity="warning" sx={{ mt: 3 }} aria-label={t("reservation.otherLabel")}>
        {aroundElement(
          t("reservation.other", { left: ELEMENT_MARK }),
          <Countdown until={product.reservedUntil} sx={{ fontWeight: 700 }} />,
        )}
      </Alert>
    );
  return null;
}
