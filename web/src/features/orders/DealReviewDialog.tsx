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
import type { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useReviewOrderMutation } from "../../generated/hooks";

type Values = z.input<typeof dealReviewRule>;
type Part = "asDescribed" | "communication" | "punctuality";

const FIELDS = ["asDescribed", "communication", "punctuality", "comment"] as const;
// 0 = not rated yet: the rule asks for 1 to 5
const EMPTY: Values = { asDescribed: 0, communication: 0, punctuality: 0, comment: "" };

type DealReviewDialogProps = {
  orderId: string;
  /** BUYER reviews the seller and the item; SELLER reviews the buyer. */
  side: "BUYER" | "SELLER";
  /** The other party's name, for the title. */
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
      notify.success("Your review is saved. It shows once the other side has written theirs.");
      form.reset(EMPTY);
      onClose();
      onPosted();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, FIELDS)) setError(errorMessage(e, "Could not save your review."));
    }
  });

  const first = side === "BUYER" ? "Item as described" : "Buyer as agreed";
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby={titleId}>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{side === "BUYER" ? `Review ${otherName} and the item` : `Review the buyer, ${otherName}`}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {otherName} cannot see your review until they have written theirs, or the review window closes.
          </Typography>
          <PartRating control={form.control} name="asDescribed" label={first} />
          <PartRating control={form.control} name="communication" label="Communication" />
          <PartRating control={form.control} name="punctuality" label="Punctuality" />
          <FormTextField
            control={form.control}
            name="comment"
            label="Comment"
            multiline
            minRows={4}
            fullWidth
            required
            hint={`${comment.length} / ${REVIEW_COMMENT_MAX}`}
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
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? "Saving..." : "Post review"}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

/** One part's 1 to 5 stars, with its error under it. */
function PartRating({ control, name, label }: { control: Control<Values>; name: Part; label: string }) {
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
        getLabelText={(value) => `${label}: ${value} star${value === 1 ? "" : "s"}`}
      />
      {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
    </Box>
  );
}
