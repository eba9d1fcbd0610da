import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { DISPUTE_REASONS, DISPUTE_TEXT_MAX, disputeTextRule } from "@unibazaar/rules";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { useNotify } from "../../../components/Notify";
import type { OrderHeldPaymentFieldsFragment } from "../../../generated/graphql";
import { useAnswerDisputeMutation } from "../../../generated/hooks";
import { formatDateTime } from "../../../lib/format";

const answerSchema = z.object({ text: disputeTextRule });
type Values = z.infer<typeof answerSchema>;

/** The buyer's dispute on a sale, as its seller sees it, with the seller's one answer while it is theirs to give. */
export function SellerDispute({ dispute }: { dispute: NonNullable<OrderHeldPaymentFieldsFragment["dispute"]> }) {
  const notify = useNotify();
  const [answer, { loading }] = useAnswerDisputeMutation();
  const form = useForm<Values>({ defaultValues: { text: "" }, resolver: zodResolver(answerSchema) });
  const reason = DISPUTE_REASONS.find((r) => r.value === dispute.reason)?.label ?? dispute.reason;
  const answering = dispute.state === "AWAITING_SELLER" && !dispute.sellerAnswer;

  const submit = form.handleSubmit(async ({ text }) => {
    try {
      // the answer comes back with the dispute's id: Apollo's cache updates the dispute shown
      await answer({ variables: { disputeId: dispute.id, text: text.trim() } });
      notify.success("Your answer is sent. An admin decides next.");
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["text"])) notify.error(errorMessage(e, "Could not send your answer."));
    }
  });

  return (
    <Alert severity={dispute.state === "DECIDED" ? "success" : "warning"} sx={{ mt: 1.5 }} aria-label="Dispute">
      <Typography sx={{ fontWeight: 600 }}>The buyer disputes this order: {reason.toLowerCase()}</Typography>
      <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
        {dispute.text}
      </Typography>
      {dispute.photos.map((photo, i) => (
        <Link key={photo} href={photo} target="_blank" rel="noopener" variant="body2" sx={{ mr: 1 }}>
          Photo {i + 1}
        </Link>
      ))}
      {dispute.sellerAnswer && <Typography variant="body2">Your answer: {dispute.sellerAnswer}</Typography>}
      {dispute.decisionNote && <Typography variant="body2">{dispute.decisionNote}</Typography>}
      {answering && (
        <Box component="form" aria-label="Answer the dispute" noValidate onSubmit={(e) => void submit(e)} sx={{ mt: 1.5 }}>
          <TextField
            {...form.register("text")}
            label="Your answer"
            multiline
            minRows={3}
            fullWidth
            size="small"
            sx={{ bgcolor: "background.paper" }}
            slotProps={{ htmlInput: { maxLength: DISPUTE_TEXT_MAX } }}
            error={!!form.formState.errors.text}
            helperText={form.formState.errors.text?.message ?? `Answer by ${formatDateTime(dispute.answerDueAt)}; then an admin decides.`}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={loading}>
            Send answer
          </Button>
        </Box>
      )}
    </Alert>
  );
}
