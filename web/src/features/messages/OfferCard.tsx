import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { Money } from "../../components/Money";
import { useNotify } from "../../components/Notify";
import type { ConversationFieldsFragment, OfferFieldsFragment, OfferStatus } from "../../generated/graphql";
import { useAcceptOfferMutation, useDeclineOfferMutation, useWithdrawOfferMutation } from "../../generated/hooks";
import { formatDateTime } from "../../lib/format";
import { Countdown } from "../../domain/reservation/ReservationCountdown";
import { AcceptOfferForm } from "./AcceptOfferForm";
import { OfferForm } from "./OfferForm";

const STATUS_COLOR: Record<OfferStatus, "default" | "primary" | "success" | "error" | "warning"> = {
  PENDING: "primary",
  ACCEPTED: "success",
  DECLINED: "error",
  COUNTERED: "default",
  EXPIRED: "default",
  WITHDRAWN: "default",
  USED: "default",
};

const refetchQueries = ["ConversationThread"];

/** An offer in the message list: amount, state and expiry, with the caller's possible answers. */
export function OfferCard({
  offer,
  conversation,
  myId,
}: {
  offer: OfferFieldsFragment & { reservedUntil?: string | null };
  conversation: ConversationFieldsFragment;
  myId?: string;
}) {
  const { t } = useTranslation("messages");
  const notify = useNotify();
  const [countering, setCountering] = useState(false);
  const [acceptingHold, setAccepting] = useState(false);
  const [accept, accepting] = useAcceptOfferMutation({ refetchQueries });
  const [decline, declining] = useDeclineOfferMutation({ refetchQueries });
  const [withdraw, withdrawing] = useWithdrawOfferMutation({ refetchQueries });
  const mine = offer.madeById === myId;
  const iAmSeller = conversation.seller?.id === myId;
  const busy = accepting.loading || declining.loading || withdrawing.loading;
  const open = offer.status === "PENDING" && !conversation.blocked;
  const product = conversation.product;
  const buyerMayUse = offer.status === "ACCEPTED" && conversation.buyer?.id === myId && product;

  const run = async (action: () => Promise<unknown>, failure: string) => {
    try {
      await action();
    } catch (e) {
      notify.error(errorMessage(e, failure));
    }
  };

  return (
    <Box component="li" sx={{ alignSelf: mine ? "flex-end" : "flex-start", width: "85%" }}>
      <Paper
        variant="outlined"
        sx={{ p: 1.5, borderColor: offer.status === "PENDING" ? "primary.main" : "divider" }}
        role="group"
        aria-label={t("offer.label")}
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
          <Typography variant="body2" color="text.secondary">
            {mine ? t("offer.yours") : t("offer.theirs")}
          </Typography>
          <Chip size="small" label={t(`offer.status.${offer.status}`)} color={STATUS_COLOR[offer.status]} />
        </Stack>
        <Money amount={offer.amount} variant="h6" />
        {(offer.status === "PENDING" || offer.status === "ACCEPTED") && (
          <Typography variant="caption" color="text.secondary" sx={{ display: "block" }}>
            {t(offer.status === "ACCEPTED" ? "offer.useBefore" : "offer.expires", { when: formatDateTime(offer.expiresAt) })}
          </Typography>
        )}
        {offer.reservedUntil && (
          <Typography variant="body2" sx={{ mt: 0.5 }}>
            <Trans
              t={t}
              i18nKey="offer.reservedLeft"
              components={{ left: <Countdown until={offer.reservedUntil} sx={{ fontWeight: 700 }} /> }}
            />
          </Typography>
        )}
        {open && !mine && acceptingHold && <AcceptOfferForm offerId={offer.id} onDone={() => setAccepting(false)} />}
        {open && !mine && !countering && !acceptingHold && (
          <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
            <Button
              variant="contained"
              size="small"
              disabled={busy}
              onClick={() =>
                // the seller picks how long the unit is held; a buyer accepting a counter-offer holds it the default time
                iAmSeller ? setAccepting(true) : void run(() => accept({ variables: { offerId: offer.id } }), t("offer.notAccepted"))
              }
            >
              {t("offer.accept")}
            </Button>
            <Button
              variant="outlined"
              size="small"
              disabled={busy}
              onClick={() => void run(() => decline({ variables: { offerId: offer.id } }), t("offer.notDeclined"))}
            >
              {t("offer.decline")}
            </Button>
            <Button variant="text" size="small" disabled={busy} onClick={() => setCountering(true)}>
              {t("offer.counter")}
            </Button>
          </Stack>
        )}
        {open && !mine && countering && <OfferForm offerId={offer.id} onDone={() => setCountering(false)} />}
        {open && mine && (
          <Button
            variant="outlined"
            size="small"
            sx={{ mt: 1 }}
            disabled={busy}
            onClick={() => void run(() => withdraw({ variables: { offerId: offer.id } }), t("offer.notWithdrawn"))}
          >
            {t("offer.withdraw")}
          </Button>
        )}
        {buyerMayUse && (
          <Box sx={{ mt: 1 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t("offer.buyHint")}
            </Typography>
            <Button component={RouterLink} to={`/shop/${product.id}`} variant="contained" size="small">
              {t("offer.buy")}
            </Button>
          </Box>
        )}
      </Paper>
      <Typography variant="caption" color="text.secondary" sx={{ display: "block", textAlign: mine ? "right" : "left" }}>
        {formatDateTime(offer.createdAt)}
      </Typography>
    </Box>
  );
}
