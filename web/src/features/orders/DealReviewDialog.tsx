import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormHelperText from "@mui/material/FormHelperText";
import Rating from "@mui/material/Rating";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { dealReviewRule, REVIEW_COMMENT_MAX } from "@unibazaar/rules";
import { useId, useState } from "react";
import { useController, useForm, useWatch, type Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useReviewOrderMutation } from "../../generated/hooks";
import { formatCount } from "../../lib/format";

type Values = z.input<typeof dealReviewRule>;
type Part = "asDescribed" | "communication" | "punctuality";

const FIELDS = ["asDescribed", "communication", "punctuality", "comment"] as const;
// 0 = not rated yet: the rule asks for 1 to 5
const EMPTY: Values = { asDescribed: 0, communication: 0, punctuality: 0, comment: "" };

type DealReviewDialogProps = {
  orderId: string;
  /** BUYER reviews the seller and the item; SELLER reviews the buyer. */
  side: "BUYER" | "SELLER";
  /** The other party's name, for the title (a buyer reviews "the seller"). */
  otherName: string;
  open: boolean;
  onClose: () => void;
  onPosted: () => void;
};

/**
 * A review of a completed order in three parts (their average is its stars) and a comment no longer
 * than the server keeps. The rules are the server's (`@unibazaar/rules`); its field errors show on the fields.
 */
export function DealReviewDialog({ orderId, side, otherName, open, onClose, onPosted }: DealReviewDialogProps) {
  const { t } = useTranslation("orders");
  const notify = useNotify();
  const titleId = useId();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<Values>({ defaultValues: EMPTY, resolver: zodResolver(dealReviewRule, undefined, { raw: true }) });
  const [review, { loading }] = useReviewOrderMutation();
  const comment = useWatch({ control: form.control, name: "comment" });

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      await review({ variables: { input: { orderId, ...values, comment: values.comment.trim() } } });
      notify.success(t("review.saved"));
      form.reset(EMPTY);
      onClose();
      onPosted();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, FIELDS)) setError(errorMessage(e, t("review.saveFailed")));
    }
  });

  const first = t(`review.first.${side}`);
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{t(`review.title.${side}`, { name: otherName })}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t(`review.notSeen.${side}`, { name: otherName })}
          </Typography>
          <PartRating control={form.control} name="asDescribed" label={first} />
          <PartRating control={form.control} name="communication" label={t("review.communication")} />
          <PartRating control={form.control} name="punctuality" label={t("review.punctuality")} />
          <FormTextField
            control={form.control}
            name="comment"
            label={t("review.comment")}
            multiline
            minRows={4}
            fullWidth
            required
            hint={t("review.length", { length: formatCount(comment.length), max: formatCount(REVIEW_COMMENT_MAX) })}
            slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
          />
          {error && (
            <FormHelperText error role="alert">
              {error}
            </FormHelperText>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={loading}>
            {t("review.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? t("review.saving") : t("review.post")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** One part's 1 to 5 stars, with its error under it. */
function PartRating({ control, name, label }: { control: Control<Values>; name: Part; label: string }) {
  const { t } = useTranslation("orders");
  const { field, fieldState } = useController({ control, name });
  const labelId = useId();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1.5 }} aria-labelledby={labelId}>
      <Typography component="legend" id={labelId} variant="subtitle2">
        {label}
      </Typography>
      <Rating
        name={name}
        value={field.value || null}
        size="large"
        onChange={(_e, value) => field.onChange(value ?? 0)}
        getLabelText={(value) => t("review.stars", { label, count: value })}
      />
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}
