import Box from "@mui/material/Box";
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
import { DISPUTE_REASONS, DISPUTE_TEXT_MAX_LENGTH, DISPUTE_TEXT_MIN_LENGTH, MAX_DISPUTE_PHOTOS } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { useId, useMemo, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Controller, useForm, useWatch } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormErrorAlert, FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useDisputeUploadImageMutation, useOpenDisputeMutation } from "../../generated/hooks";
import { imageForUpload, pickedImageProblem } from "../../lib/files";

/** The server's dispute rules (same reasons and limits), in the reader's language. */
const schemaFor = (t: TFunction<"orders">) =>
  z.object({
    reason: z.literal(
      DISPUTE_REASONS.map((reason) => reason.value),
      { message: t("disputeForm.chooseReason") },
    ),
    text: z
      .string()
      .trim()
      .min(DISPUTE_TEXT_MIN_LENGTH, t("disputeForm.textTooShort", { min: DISPUTE_TEXT_MIN_LENGTH }))
      .max(DISPUTE_TEXT_MAX_LENGTH, t("disputeForm.textTooLong", { max: DISPUTE_TEXT_MAX_LENGTH })),
    photos: z.array(z.string()).max(MAX_DISPUTE_PHOTOS, t("disputeForm.tooManyPhotos", { max: MAX_DISPUTE_PHOTOS })),
  });
type Schema = ReturnType<typeof schemaFor>;
type Values = z.input<Schema>;
const FIELDS = ["reason", "text", "photos"] as const;

type Props = { orderId: string; orderNumber: string; open: boolean; onClose: () => void; onOpened?: () => void };

/** The buyer's "Open a dispute": what went wrong, what happened, and up to 4 photos (uploaded as they are picked). */
export function DisputeDialog({ orderId, orderNumber, open, onClose, onOpened }: Props) {
  const titleId = useId();
  const { t } = useTranslation("orders");
  const notify = useNotify();
  const schema = useMemo(() => schemaFor(t), [t]);
  const form = useForm<Values, unknown, z.output<Schema>>({
    defaultValues: { reason: undefined, text: "", photos: [] },
    resolver: zodResolver(schema),
  });
  const photos = useWatch({ control: form.control, name: "photos" });
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
      if (data) form.setValue("photos", [...form.getValues("photos"), data.uploadImage.url]);
    } catch (e) {
      setError(errorMessage(e, t("disputeForm.uploadFailed")));
    }
  };

  const submit = form.handleSubmit(async (input) => {
    setError(null);
    try {
      await openDispute({ variables: { input: { orderId, ...input } } });
      notify.success(t("disputeForm.opened"));
      onClose();
      onOpened?.();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, FIELDS)) setError(errorMessage(e, t("disputeForm.openFailed")));
    }
  });

  return (
    <Dialog open={open} onClose={opening.loading ? undefined : onClose} aria-labelledby={titleId} fullWidth>
      <DialogTitle id={titleId}>{t("disputeForm.title", { order: orderNumber })}</DialogTitle>
      <DialogContent>
        <Stack component="form" id={`${titleId}-form`} spacing={2} onSubmit={submit} noValidate sx={{ pt: 1 }}>
          <FormErrorAlert error={error} />
          <Controller
            control={form.control}
            name="reason"
            render={({ field, fieldState }) => (
              <FormControl error={!!fieldState.error}>
                <FormLabel id={`${titleId}-reason`}>{t("disputeForm.reason")}</FormLabel>
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
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
          <FormTextField
            control={form.control}
            name="text"
            label={t("disputeForm.text")}
            multiline
            minRows={3}
            required
            fullWidth
            slotProps={{ htmlInput: { maxLength: DISPUTE_TEXT_MAX_LENGTH } }}
          />
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
          {form.formState.errors.photos && <FormHelperText error>{form.formState.errors.photos.message}</FormHelperText>}
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
