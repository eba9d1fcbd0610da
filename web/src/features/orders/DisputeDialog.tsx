import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { DISPUTE_REASONS, disputeTextRule, MAX_DISPUTE_PHOTOS } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { useId, useMemo, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Controller, useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useDisputeUploadImageMutation, useOpenDisputeMutation } from "../../generated/hooks";
import { imageForUpload, pickedImageProblem } from "../../lib/files";

const schemaFor = (t: TFunction<"orders">) =>
  z.object({
    reason: z.enum(["NOT_RECEIVED", "NOT_AS_DESCRIBED"], { message: t("disputeForm.chooseReason") }),
    text: disputeTextRule,
  });
type Values = z.input<ReturnType<typeof schemaFor>>;

type Props = { orderId: string; orderNumber: string; open: boolean; onClose: () => void };

/** The buyer's "Open a dispute": what went wrong, what happened, and up to 4 photos (uploaded as they are picked). */
export function DisputeDialog({ orderId, orderNumber, open, onClose }: Props) {
  const titleId = useId();
  const { t } = useTranslation("orders");
  const notify = useNotify();
  const schema = useMemo(() => schemaFor(t), [t]);
  const form = useForm<Values>({ defaultValues: { reason: undefined, text: "" }, resolver: zodResolver(schema) });
  const [photos, setPhotos] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [upload, uploading] = useDisputeUploadImageMutation();
  const [openDispute, opening] = useOpenDisputeMutation({ refetchQueries: ["OrderDetail"], awaitRefetchQueries: true });

  const addPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = pickedImageProblem(file);
    if (problem) return setError(problem);
    try {
      const { data } = await upload({ variables: { dataUrl: await imageForUpload(file) } });
      if (data) setPhotos((list) => [...list, data.uploadImage.url]);
    } catch (e) {
      setError(errorMessage(e, t("disputeForm.uploadFailed")));
    }
  };

  const submit = form.handleSubmit(async ({ reason, text }) => {
    setError(null);
    try {
      await openDispute({ variables: { input: { orderId, reason, text, photos } } });
      notify.success(t("disputeForm.opened"));
      onClose();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["reason", "text"])) setError(errorMessage(e, t("disputeForm.openFailed")));
    }
  });

  return (
    <Dialog open={open} onClose={opening.loading ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{t("disputeForm.title", { order: orderNumber })}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={`${titleId}-form`} spacing={2} onSubmit={submit} noValidate sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <Controller
            control={form.control}
            name="reason"
            render={({ field, fieldState }) => (
              <Box>
                <FormLabel id={`${titleId}-reason`} error={!!fieldState.error}>
                  {t("disputeForm.reason")}
                </FormLabel>
                <RadioGroup
                  aria-labelledby={`${titleId}-reason`}
                  value={field.value ?? ""}
                  onChange={(e) => field.onChange(e.target.value)}
                >
                  {DISPUTE_REASONS.map((reason) => (
                    <FormControlLabel
                      key={reason.value}
                      value={reason.value}
                      control={<Radio />}
                      label={t(`disputeForm.reasons.${reason.value}`)}
                    />
                  ))}
                </RadioGroup>
                {fieldState.error && (
                  <Box component="span" sx={{ color: "error.main", typography: "caption" }}>
                    {fieldState.error.message}
                  </Box>
                )}
              </Box>
            )}
          />
          <FormTextField control={form.control} name="text" label={t("disputeForm.text")} multiline minRows={3} required fullWidth />
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "center" }}>
            {photos.map((url, i) => (
              <Box
                key={url}
                component="img"
                src={url}
                alt={t("disputeForm.photo", { number: i + 1 })}
                sx={{ width: 64, height: 64, objectFit: "cover", borderRadius: 1 }}
              />
            ))}
            {photos.length < MAX_DISPUTE_PHOTOS && (
              <Button component="label" variant="outlined" size="small" disabled={uploading.loading}>
                {uploading.loading ? t("disputeForm.uploading") : t("disputeForm.addPhoto")}
                <input type="file" accept="image/*" hidden onChange={(e) => void addPhoto(e)} />
              </Button>
            )}
          </Box>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={opening.loading}>
          {t("disputeForm.cancel")}
        </Button>
        <Button type="submit" form={`${titleId}-form`} variant="contained" disabled={opening.loading || uploading.loading}>
          {opening.loading ? t("disputeForm.opening") : t("disputeForm.submit")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
