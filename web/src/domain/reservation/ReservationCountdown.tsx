import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography, { type TypographyProps } from "@mui/material/Typography";
import i18next from "i18next";
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useReleaseReservationMutation } from "../../generated/hooks";
import { formatCount, formatDateTime } from "../../lib/format";
import { aroundElement, ELEMENT_MARK } from "../../lib/i18n";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";

// loaded on the first press: a dialog (MUI Modal, Backdrop) is no part of the product page's first load
const ConfirmDialog = lazy(async () => ({ default: (await import("../../components/ConfirmDialog")).ConfirmDialog }));

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

type ReservedProduct = {
  id: string;
  reservedUntil?: string | null;
  myReservationEndsAt?: string | null;
  /** The seller's view: who holds a unit and until when. */
  heldReservations?: ReadonlyArray<{ buyerId: string; buyerName?: string | null; expiresAt: string }>;
};

/**
 * A listing's reservation as the product page shows it: the caller's own (which they may let go),
 * the ones its seller granted (each of which they may let go), or another buyer's holding every unit left.
 */
export function ReservationNotice({ product }: { product: ReservedProduct }) {
  const { t } = useTranslation("trust");
  const held = product.heldReservations ?? [];
  if (held.length)
    return (
      <>
        {held.map((r) => (
          <Alert
            key={r.buyerId}
            severity="info"
            sx={{ mt: 3 }}
            aria-label={t("reservation.heldLabel", { buyer: r.buyerName ?? t("reservation.formerUser") })}
            action={<ReleaseButton productId={product.id} buyerId={r.buyerId} />}
          >
            {aroundElement(
              t("reservation.held", {
                buyer: r.buyerName ?? t("reservation.formerUser"),
                left: ELEMENT_MARK,
                until: formatDateTime(r.expiresAt),
              }),
              <Countdown until={r.expiresAt} sx={{ fontWeight: 700 }} />,
            )}
          </Alert>
        ))}
      </>
    );
  if (product.myReservationEndsAt)
    return (
      <Alert
        severity="info"
        sx={{ mt: 3 }}
        aria-label={t("reservation.mineLabel")}
        action={<ReleaseButton productId={product.id} buyerId={null} />}
      >
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

/** "Let it go", after a confirmation: the unit is for sale again at once and the other party is told. */
function ReleaseButton({ productId, buyerId }: { productId: string; buyerId: string | null }) {
  const { t } = useTranslation("trust");
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [release, { loading }] = useReleaseReservationMutation({ refetchQueries: ["ProductDetail"], awaitRefetchQueries: true });
  const confirm = async () => {
    try {
      await release({ variables: { productId, buyerId } });
      setOpen(false);
      notify.success(t("reservation.released"));
    } catch (e) {
      notify.error(errorMessage(e, t("reservation.releaseFailed")));
    }
  };
  return (
    <>
      <Button color="inherit" size="small" onClick={() => setOpen(true)}>
        {t("reservation.release")}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ConfirmDialog
            open={open}
            title={t("reservation.releaseTitle")}
            message={buyerId ? t("reservation.releaseBuyerText") : t("reservation.releaseMineText")}
            confirmLabel={t("reservation.release")}
            cancelLabel={t("reservation.keep")}
            busy={loading}
            onConfirm={() => void confirm()}
            onClose={() => setOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
}
