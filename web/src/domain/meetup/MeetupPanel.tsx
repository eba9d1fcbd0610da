import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { plainMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import type { MeetupParty, OrderMeetupFieldsFragment } from "../../generated/graphql";
import { useConfirmMeetupMutation, useMeetupPointsQuery, useProposeMeetupMutation } from "../../generated/hooks";
import { MeetupFields, type MeetupChoice } from "./MeetupFields";
import { defaultSlot, formatMeetupTime, meetupInstant, meetupTimes, slotOf } from "./slots";

type Meetup = NonNullable<OrderMeetupFieldsFragment["meetup"]>;

/**
 * An order's campus meetup: where, when, and whether it is agreed; the side that did not make the
 * current proposal confirms it, and either side may propose another time or point.
 * `viewer` is the side looking at it (the buyer's order page or the seller's dashboard).
 */
export function MeetupPanel({
  order,
  viewer,
  onChanged,
}: {
  order: OrderMeetupFieldsFragment;
  viewer: MeetupParty;
  /** After a confirmation or a proposal (the order's page fetches its actions again). */
  onChanged?: () => void;
}) {
  const { t } = useTranslation("deals");
  const notify = useNotify();
  const [proposing, setProposing] = useState(false);
  const [confirm, confirming] = useConfirmMeetupMutation();
  const meetup = order.meetup;
  if (!meetup) return null;
  const confirmed = meetup.state === "CONFIRMED";
  // a finished order's meetup is history, whatever was agreed
  const over = ["COMPLETED", "REJECTED", "CANCELLED"].includes(order.status);
  const other = viewer === "BUYER" ? "Seller" : "Buyer";
  const waiting = t(meetup.proposedBy === viewer ? `meetup.waitingFor${other}` : `meetup.proposedBy${other}`);

  const doConfirm = async () => {
    try {
      await confirm({ variables: { id: order.id } });
      notify.success(t("meetup.didConfirm"));
      onChanged?.();
    } catch (e) {
      notify.error(plainMessage(e));
    }
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", mb: 1 }}>
        <Typography sx={{ fontWeight: 700 }}>{t("meetup.title")}</Typography>
        {over ? (
          <Chip size="small" label={t("meetup.over")} />
        ) : (
          <Chip size="small" color={confirmed ? "success" : "warning"} label={confirmed ? t("meetup.confirmed") : t("meetup.proposed")} />
        )}
      </Stack>
      <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "max-content 1fr", columnGap: 2, rowGap: 0.5 }}>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t("meetup.where")}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: "anywhere" }}>
          {t("meetup.place", { point: meetup.point.label, campus: meetup.campus.label })}
        </Typography>
        <Typography component="dt" variant="body2" color="text.secondary">
          {t("meetup.when")}
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0 }}>
          {t("meetup.pakistanTime", { time: formatMeetupTime(meetup.at) })}
        </Typography>
      </Box>
      {!confirmed && meetup.canPropose && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {waiting}
        </Typography>
      )}
      {(meetup.canConfirm || meetup.canPropose) && (
        <Stack direction="row" spacing={1} sx={{ mt: 1.5, flexWrap: "wrap", gap: 1 }}>
          {meetup.canConfirm && (
            <Button variant="contained" size="small" onClick={doConfirm} disabled={confirming.loading}>
              {confirming.loading ? t("meetup.confirming") : t("meetup.confirm")}
            </Button>
          )}
          {meetup.canPropose && (
            <Button variant="outlined" size="small" onClick={() => setProposing(true)} sx={{ ml: "0 !important" }}>
              {t("meetup.proposeAnother")}
            </Button>
          )}
        </Stack>
      )}
      {proposing && <ProposeDialog orderId={order.id} meetup={meetup} onClose={() => setProposing(false)} onProposed={onChanged} />}
    </Box>
  );
}

function ProposeDialog({
  orderId,
  meetup,
  onClose,
  onProposed,
}: {
  orderId: string;
  meetup: Meetup;
  onClose: () => void;
  onProposed?: () => void;
}) {
  const { t } = useTranslation("deals");
  const notify = useNotify();
  const titleId = useId();
  const points = useMeetupPointsQuery().data?.catalogOptions.meetupPoints.filter((p) => p.campus === meetup.campus.slug) ?? [];
  const [choice, setChoice] = useState<MeetupChoice>(() => {
    const current = slotOf(meetup.at);
    const stillOpen = meetupTimes(current.day).some((t) => t.value === current.time);
    return { point: meetup.point.slug, ...(stillOpen ? current : defaultSlot()) };
  });
  const [failed, setFailed] = useState("");
  const [propose, { loading }] = useProposeMeetupMutation();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailed("");
    try {
      await propose({ variables: { id: orderId, meetup: { point: choice.point, at: meetupInstant(choice) } } });
      notify.success(t("meetup.didPropose"));
      onClose();
      onProposed?.();
    } catch (e) {
      setFailed(plainMessage(e));
    }
  };

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={save}>
        <DialogTitle id={titleId}>{t("meetup.proposeTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t("meetup.proposeText", { campus: meetup.campus.label })}</DialogContentText>
          <MeetupFields points={points} value={choice} onChange={setChoice} disabled={loading} />
          {failed && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {failed}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {t("common:form.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={loading || !choice.point || !choice.time}>
            {loading ? t("common:form.sending") : t("meetup.propose")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
