import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { NOTE_MAX_LENGTH, noShowContestRule } from "@unibazaar/rules";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import type { OrderDealFieldsFragment } from "../../generated/graphql";
import { useContestNoShowMutation, useReportNoShowMutation } from "../../generated/hooks";
import { formatDateTime } from "../../lib/format";

const CLOSED = ["COMPLETED", "REJECTED", "CANCELLED"];
const STATUS_TEXT = {
  OPEN: "is waiting: it counts unless contested by",
  CONTESTED: "was contested; an admin will decide it.",
  UPHELD: "was upheld.",
  DISMISSED: "was dismissed.",
} as const;

const contestSchema = z.object({ reason: noShowContestRule });

/** "Didn't show up": reported by either party after an agreed meetup's time, contested by the other within 48 hours. */
export function NoShowPanel({ order, onChanged }: { order: OrderDealFieldsFragment; onChanged: () => void }) {
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({ defaultValues: { reason: "" }, resolver: zodResolver(contestSchema) });
  const [report, reporting] = useReportNoShowMutation();
  const [contest, contesting] = useContestNoShowMutation();
  const noShow = order.noShow;
  // the time the page was opened: the panel's choices follow it (a reload shows newer ones)
  const [now] = useState(() => Date.now());
  const meetupPassed = order.meetup?.state === "CONFIRMED" && new Date(order.meetup.at).getTime() <= now;

  if (!noShow) {
    if (order.fulfilment !== "MEETUP" || !meetupPassed || CLOSED.includes(order.status)) return null;
    const doReport = async () => {
      try {
        await report({ variables: { orderId: order.id } });
        notify.success("Reported. The other side has 48 hours to contest it.");
        onChanged();
      } catch (e) {
        notify.error(errorMessage(e, "Could not report the no-show."));
      } finally {
        setConfirming(false);
      }
    };
    return (
      <>
        <Button color="warning" variant="outlined" onClick={() => setConfirming(true)}>
          They didn't show up
        </Button>
        <ConfirmDialog
          open={confirming}
          title="Report a no-show?"
          message="Once per order. The other side can contest it within 48 hours; otherwise it counts on their record."
          confirmLabel="Report no-show"
          busyLabel="Reporting..."
          busy={reporting.loading}
          onConfirm={doReport}
          onClose={() => setConfirming(false)}
        />
      </>
    );
  }

  const who = noShow.byCaller ? "Your no-show report" : "A no-show report about you";
  const text = `${who} ${STATUS_TEXT[noShow.status]}${noShow.status === "OPEN" ? ` ${formatDateTime(noShow.contestBy)}.` : ""}`;
  const canContest = !noShow.byCaller && noShow.status === "OPEN" && new Date(noShow.contestBy).getTime() > now;
  const doContest = form.handleSubmit(async ({ reason }) => {
    try {
      await contest({ variables: { orderId: order.id, reason } });
      notify.success("Contested. An admin will decide it.");
      onChanged();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["reason"])) notify.error(errorMessage(e, "Could not contest the report."));
    }
  });
  return (
    <Stack spacing={1.5}>
      <Alert severity={noShow.status === "UPHELD" ? "warning" : "info"}>{text}</Alert>
      {canContest && (
        <Stack component="form" onSubmit={(e) => void doContest(e)} noValidate direction={{ xs: "column", sm: "row" }} spacing={1}>
          <FormTextField
            control={form.control}
            name="reason"
            label="Why the report is wrong"
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
          />
          <Button type="submit" variant="outlined" disabled={contesting.loading} sx={{ alignSelf: "flex-start" }}>
            Contest
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
