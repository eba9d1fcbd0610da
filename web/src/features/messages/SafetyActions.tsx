import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { conversationReportRule, NOTE_MAX_LENGTH } from "@unibazaar/rules";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useBlockUserMutation, useReportConversationMutation, useUnblockUserMutation } from "../../generated/hooks";

const reportSchema = z.object({ reason: conversationReportRule });
type ReportValues = z.input<typeof reportSchema>;

/** Report the conversation to the admins; block (or unblock) the other party. */
export function SafetyActions({
  conversationId,
  otherUserId,
  blocked,
}: {
  conversationId: string;
  otherUserId?: string;
  blocked: boolean;
}) {
  const { t } = useTranslation("messages");
  const notify = useNotify();
  const [reporting, setReporting] = useState(false);
  const form = useForm<ReportValues>({ defaultValues: { reason: "" }, resolver: zodResolver(reportSchema) });
  const refetchQueries = ["ConversationThread"];
  const [report, reportState] = useReportConversationMutation();
  const [block, blockState] = useBlockUserMutation({ refetchQueries });
  const [unblock, unblockState] = useUnblockUserMutation({ refetchQueries });

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      notify.success(done);
    } catch (e) {
      notify.error(errorMessage(e, failed));
    }
  };

  const submitReport = form.handleSubmit(async ({ reason }) => {
    try {
      await report({ variables: { conversationId, reason } });
      notify.success(t("report.reported"));
      form.reset();
      setReporting(false);
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["reason"])) notify.error(errorMessage(e, t("safety.reportFailed")));
    }
  });

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
      {otherUserId &&
        (blocked ? (
          <Button
            size="small"
            disabled={unblockState.loading}
            onClick={() =>
              void run(() => unblock({ variables: { userId: otherUserId } }), t("report.unblocked"), t("report.unblockFailed"))
            }
          >
            {t("report.unblock")}
          </Button>
        ) : (
          <Button
            size="small"
            disabled={blockState.loading}
            onClick={() => void run(() => block({ variables: { userId: otherUserId } }), t("report.blocked"), t("report.blockFailed"))}
          >
            {t("report.block")}
          </Button>
        ))}
      <Button size="small" color="error" onClick={() => setReporting(true)}>
        {t("report.report")}
      </Button>
      <Dialog open={reporting} onClose={() => setReporting(false)} fullWidth>
        <form onSubmit={(e) => void submitReport(e)} noValidate>
          <DialogTitle>{t("report.title")}</DialogTitle>
          <DialogContent>
            <FormTextField
              control={form.control}
              name="reason"
              label={t("report.reason")}
              multiline
              minRows={2}
              fullWidth
              autoFocus
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: NOTE_MAX_LENGTH } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReporting(false)}>{t("offer.cancel")}</Button>
            <Button type="submit" variant="contained" color="error" disabled={reportState.loading}>
              {t("report.send")}
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
