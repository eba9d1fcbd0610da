import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormHelperText from "@mui/material/FormHelperText";
import Rating from "@mui/material/Rating";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { REVIEW_COMMENT_MAX } from "@unibazaar/rules";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { usePostReviewMutation } from "../../generated/hooks";

type ReviewDialogProps = {
  productId: string;
  productName: string;
  open: boolean;
  onClose: () => void;
  /** After a successful post (the page refetches the product). */
  onPosted: () => void;
  /** The caller's current review of this product: the dialog edits it instead of adding one. */
  existing?: { rating: number; comment: string } | null;
};

/**
 * The add-a-comment modal: clickable stars (1 to 5) and a comment. On success it says
 * 'Comment posted successfully!', resets to rating 0 and an empty comment, and closes. With an
 * existing review it is "Edit your review", filled in with it (one review per buyer and product).
 */
export function ReviewDialog({ productId, productName, open, onClose, onPosted, existing }: ReviewDialogProps) {
  const { t } = useTranslation("product");
  const notify = useNotify();
  const [rating, setRating] = useState(existing?.rating ?? 0);
  const [hover, setHover] = useState(-1);
  const [comment, setComment] = useState(existing?.comment ?? "");
  const [problems, setProblems] = useState<{ rating?: string; comment?: string }>({});
  const [postReview, { loading }] = usePostReviewMutation();

  const reset = () => {
    setRating(0);
    setComment("");
    setProblems({});
    setHover(-1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const next: typeof problems = {};
    if (rating < 1) next.rating = t("review.chooseRating");
    if (!comment.trim()) next.comment = t("review.writeComment");
    setProblems(next);
    if (next.rating || next.comment) return;
    try {
      await postReview({ variables: { productId, rating, comment: comment.trim() } });
      notify.success(existing ? t("review.updated") : t("review.posted"));
      if (!existing) reset();
      onClose();
      onPosted();
    } catch (e) {
      notify.error(errorMessage(e, t("review.failed")));
    }
  };

  const shown = hover !== -1 ? hover : rating;
  return (
    <Dialog open={open} onClose={loading ? undefined : onClose} fullWidth maxWidth="sm" aria-labelledby="review-dialog-title">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="review-dialog-title">{existing ? t("review.editTitle") : t("review.addTitle")}</DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t("review.question", { name: productName })}
          </Typography>
          <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 2 }}>
            <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
              {t("review.yourRating")}
            </Typography>
            <Box sx={{ display: "flex", alignItems: "center", gap: 1.5 }}>
              <Rating
                name="review-rating"
                value={rating}
                size="large"
                onChange={(_e, value) => {
                  setRating(value ?? 0);
                  setProblems((p) => ({ ...p, rating: undefined }));
                }}
                onChangeActive={(_e, value) => setHover(value)}
                getLabelText={(value) => t("review.stars", { count: value })}
              />
              <Typography variant="body2" color="text.secondary" sx={{ minWidth: 80 }} aria-hidden="true">
                {shown > 0 ? t(`review.ratingLabels.${shown}`) : ""}
              </Typography>
            </Box>
            {problems.rating && <FormHelperText error>{problems.rating}</FormHelperText>}
          </Box>
          <TextField
            label={t("review.comment")}
            value={comment}
            onChange={(e) => {
              setComment(e.target.value);
              setProblems((p) => ({ ...p, comment: undefined }));
            }}
            multiline
            minRows={4}
            fullWidth
            required
            error={Boolean(problems.comment)}
            helperText={problems.comment ?? t("review.commentHint")}
            slotProps={{ htmlInput: { maxLength: REVIEW_COMMENT_MAX } }}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={loading}>
            {t("review.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? t("review.posting") : existing ? t("review.save") : t("review.post")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
