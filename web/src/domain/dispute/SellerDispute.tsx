import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { DISPUTE_TEXT_MAX_LENGTH, disputeTextRule } from "@unibazaar/rules";
import { useMemo } from "react";
import { useForm } from "react-hook-form";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import type { DisputeFieldsFragment } from "../../generated/graphql";
import { useAnswerDisputeMutation } from "../../generated/hooks";
import { formatDateTime } from "../../lib/format";
import { inReadersWords } from "../../lib/ruleProblems";

/** The server's rule for a dispute's text, its problems in the reader's words. */
const answerSchemaFor = (t: TFunction<"seller">) =>
  z.object({
    text: inReadersWords(disputeTextRule, (problem) => {
      if (problem.code === "too_big") return t("dispute.tooLong", { count: Number(problem.maximum) });
      return t("dispute.tooShort", { count: problem.code === "too_small" ? Number(problem.minimum) : 1 });
    }),
  });
type Values = z.input<ReturnType<typeof answerSchemaFor>>;

type Props = {
  dispute: DisputeFieldsFragment;
  /** The order's actions list ANSWER_DISPUTE: the answer box is shown. */
  canAnswer: boolean;
  onAnswered?: () => void;
};

/**
 * The buyer's dispute on a sale, as its seller sees it: the complaint, its photos, and the seller's
 * one answer while it is theirs to give.
 */
export function SellerDispute({ dispute, canAnswer, onAnswered }: Props) {
  const { t } = useTranslation("seller");
  const notify = useNotify();
  const [answer, { loading }] = useAnswerDisputeMutation();
  const answerSchema = useMemo(() => answerSchemaFor(t), [t]);
  const form = useForm<Values>({ defaultValues: { text: "" }, resolver: zodResolver(answerSchema) });
  const reason = t(`dispute.reasons.${dispute.reason}`, { defaultValue: dispute.reason });

  const submit = form.handleSubmit(async ({ text }) => {
    try {
      // the answer comes back with the dispute's id: Apollo's cache updates the dispute shown
      await answer({ variables: { disputeId: dispute.id, text: text.trim() } });
      notify.success(t("dispute.sent"));
      onAnswered?.();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["text"])) notify.error(errorMessage(e, t("dispute.sendFailed")));
    }
  });

  return (
    <Alert severity={dispute.state === "DECIDED" ? "success" : "warning"} sx={{ mt: 1.5 }} aria-label={t("dispute.label")}>
      <Typography sx={{ fontWeight: 600 }}>{t("dispute.title", { reason })}</Typography>
      <Typography dir="auto" variant="body2" sx={{ overflowWrap: "anywhere" }}>
        {dispute.text}
      </Typography>
      {dispute.photos.length > 0 && (
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap", mt: 1 }}>
          {dispute.photos.map((photo, i) => (
            <Link key={photo} href={photo} target="_blank" rel="noopener" variant="body2">
              <Box
                component="img"
                src={photo}
                alt={t("dispute.photo", { n: i + 1 })}
                sx={{ width: 96, height: 96, objectFit: "cover", borderRadius: 1, display: "block" }}
              />
            </Link>
          ))}
        </Box>
      )}
      {dispute.sellerAnswer && <Typography variant="body2">{t("dispute.yourAnswer", { answer: dispute.sellerAnswer })}</Typography>}
      {dispute.decisionNote && <Typography variant="body2">{dispute.decisionNote}</Typography>}
      {canAnswer && (
        <Box component="form" aria-label={t("dispute.answerLabel")} noValidate onSubmit={(e) => void submit(e)} sx={{ mt: 1.5 }}>
          <TextField
            {...form.register("text")}
            label={t("dispute.answerField")}
            multiline
            minRows={3}
            fullWidth
            size="small"
            sx={{ bgcolor: "background.paper" }}
            slotProps={{ htmlInput: { maxLength: DISPUTE_TEXT_MAX_LENGTH } }}
            error={!!form.formState.errors.text}
            helperText={form.formState.errors.text?.message ?? t("dispute.answerBy", { date: formatDateTime(dispute.answerDueAt) })}
          />
          <Button type="submit" variant="contained" sx={{ mt: 1 }} disabled={loading}>
            {t("dispute.send")}
          </Button>
        </Box>
      )}
    </Alert>
  );
}
