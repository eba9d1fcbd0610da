import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { REPORT_DETAILS_MAX, REPORT_REASONS, reportDetailsRule } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { useId, useMemo, useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { useReportListingMutation, useReportUserMutation } from "../../generated/hooks";
import { formatCount } from "../../lib/format";
import { applyServerFieldErrors, errorMessage, withTranslatedMessages } from "../../components/errors";
import { FormErrorAlert, FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";

/** What is reported: a listing (with its owner, who may not report it) or a student. */
export type ReportTarget = { kind: "listing"; productId: string; ownerId?: string | null } | { kind: "user"; userId: string };

const REASONS = REPORT_REASONS.map((reason) => reason.value);

/** A reason from the fixed list; "Something else" needs details (the reason alone says nothing). */
const reportSchemaFor = (t: TFunction<"deals">) =>
  z
    .object({
      reason: z.enum(REASONS, { message: t("report.chooseReason") }),
      details: reportDetailsRule,
    })
    .refine((v) => v.reason !== "OTHER" || v.details, { path: ["details"], message: t("report.sayWhatIsWrong") });
type ReportValues = z.input<ReturnType<typeof reportSchemaFor>>;

/** The report form: loaded when someone opens it, so the product page's first load carries neither its form nor the rules. */
export function ReportDialog({ target, title, onClose }: { target: ReportTarget; title: string; onClose: () => void }) {
  const { t } = useTranslation("deals");
  const notify = useNotify();
  const titleId = useId();
  const reasonLabelId = useId();
  const schema = useMemo(() => reportSchemaFor(t), [t]);
  const form = useForm<ReportValues>({
    defaultValues: { reason: undefined, details: "" },
    resolver: withTranslatedMessages(zodResolver(schema), "deals:report.rules"),
  });
  const reason = useWatch({ control: form.control, name: "reason" });
  const details = useWatch({ control: form.control, name: "details" });
  const [error, setError] = useState<string | null>(null);
  const [reportListing, listing] = useReportListingMutation();
  const [reportUser, user] = useReportUserMutation();
  const busy = listing.loading || user.loading;

  const send = form.handleSubmit(async (values) => {
    setError(null);
    try {
      if (target.kind === "listing") await reportListing({ variables: { ...values, productId: target.productId } });
      else await reportUser({ variables: { ...values, userId: target.userId } });
      notify.success(t("report.sent"));
      onClose();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["reason", "details"])) setError(errorMessage(e, t("report.failed")));
    }
  });

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={`${titleId}-form`} spacing={2} onSubmit={(e) => void send(e)} noValidate>
          <FormErrorAlert error={error} />
          <Controller
            control={form.control}
            name="reason"
            render={({ field, fieldState }) => (
              <FormControl required error={Boolean(fieldState.error)}>
                <FormLabel id={reasonLabelId}>{t("report.reason")}</FormLabel>
                <RadioGroup aria-labelledby={reasonLabelId} name={field.name} value={field.value ?? ""} onChange={field.onChange}>
                  {REASONS.map((value) => (
                    <FormControlLabel key={value} value={value} control={<Radio />} label={t(`report.reasons.${value}`)} />
                  ))}
                </RadioGroup>
                {/* announced as it appears: the radio group has no text box to carry it */}
                {fieldState.error && <FormHelperText role="alert">{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <FormTextField
            control={form.control}
            name="details"
            label={reason === "OTHER" ? t("report.detailsRequired") : t("report.detailsOptional")}
            multiline
            minRows={3}
            fullWidth
            slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX } }}
            hint={`${formatCount(details?.length ?? 0)}/${formatCount(REPORT_DETAILS_MAX)}`}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t("common:form.cancel")}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={busy}>
          {busy ? t("common:form.sending") : t("report.send")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
