import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { NOTE_MAX_LENGTH, noShowContestRule } from "@unibazaar/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
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

const contestSchema = z.object({ reason: noShowContestRule });

/** "Didn't show up": reported by either party after an agreed meetup's time, contested by the other within 48 hours. */
export function NoShowPanel({ order, onChanged }: { order: OrderDealFieldsFragment; onChanged: () => void }) {
  const { t } = useTranslation("orders");
  const notify = useNotify();
  const [confirming, setConfirming] = useState(false);
  const form = useForm({ defaultValues: { reason: "" }, resolver: zodResolver(contestSchema) });
  const [report, reporting] = useReportNoShowMutation();
  const [contest, contesting] = useContestNoShowMutation();
  const noShow = order.noShow;
  // the time the page was opened: the panel's choices follow it (a reload shows newer ones)
  const [now] = useState(() => Date.now());
  // an agreed meetup whose time passed, even if another time is proposed since
  const meetupPassed = Boolean(order.meetup?.missedAt);

  if (!noShow) {
    if (order.fulfilment !== "MEETUP" || !meetupPassed || CLOSED.includes(order.status)) return null;
    const doReport = async () => {
      try {
        await report({ variables: { orderId: order.id } });
        notify.success(t("noShow.reported"));
        onChanged();
      } catch (e) {
        notify.error(errorMessage(e, t("noShow.reportFailed")));
      } finally {
        setConfirming(false);
      }
    };
    return (
      <>
        <Button color="warning" variant="outlined" onClick={() => setConfirming(true)}>
          {t("noShow.didNotShow")}
        </Button>
        <ConfirmDialog
          open={confirming}
          title={t("noShow.confirmTitle")}
          message={t("noShow.confirmText")}
          confirmLabel={t("noShow.report")}
          busyLabel={t("noShow.reporting")}
          busy={reporting.loading}
          onConfirm={doReport}
          onClose={() => setConfirming(false)}
        />
      </>
    );
  }

  const text = t(`noShow.${noShow.byCaller ? "mine" : "aboutYou"}.${noShow.status}`, { date: formatDateTime(noShow.contestBy) });
  const canContest = !noShow.byCaller && noShow.status === "OPEN" && new Date(noShow.contestBy).getTime() > now;
  const doContest = form.handleSubmit(async ({ reason }) => {
    try {
      await contest({ variables: { orderId: order.id, reason } });
      notify.success(t("noShow.contested"));
      onChanged();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["reason"])) notify.error(errorMessage(e, t("noShow.contestFailed")));
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
            label={t("noShow.why")}
            size="small"
            fullWidth
            slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
          />
          <Button type="submit" variant="outlined" disabled={contesting.loading} sx={{ alignSelf: "flex-start" }}>
            {t("noShow.contest")}
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
