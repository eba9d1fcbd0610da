import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../../components/errors";
import { useNotify } from "../../../components/Notify";
import type { DisputeOutcome } from "../../../generated/graphql";
import { useDecideDisputeMutation } from "../../../generated/hooks";
import { formatPKR } from "../../../lib/format";

/** An admin's decision on one dispute: refund the buyer, release to the seller, or refund part and release the rest. */
export function DisputeDecision({ disputeId, orderLabel, amount }: { disputeId: string; orderLabel: string; amount: number }) {
  const { t } = useTranslation("admin");
  const notify = useNotify();
  const [note, setNote] = useState("");
  const [partial, setPartial] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [decide, { loading }] = useDecideDisputeMutation({ refetchQueries: ["AdminDisputes"], awaitRefetchQueries: true });
  const run = async (outcome: DisputeOutcome) => {
    setError(null);
    try {
      const refundAmount = outcome === "PARTIAL_REFUND" ? Number(partial) : null;
      await decide({ variables: { id: disputeId, input: { outcome, refundAmount, note: note || null } } });
      notify.success(t("disputes.decided", { order: orderLabel }));
    } catch (e) {
      setError(errorMessage(e, t("disputes.decideFailed")));
    }
  };
  return (
    <Stack spacing={1.5} sx={{ mt: 1.5 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <TextField label={t("disputes.note")} size="small" value={note} onChange={(e) => setNote(e.target.value)} fullWidth />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button variant="contained" color="warning" disabled={loading} onClick={() => void run("REFUND")}>
          {t("disputes.refund", { amount: formatPKR(amount) })}
        </Button>
        <Button variant="outlined" disabled={loading} onClick={() => void run("RELEASE")}>
          {t("disputes.release")}
        </Button>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center" }}>
        <TextField
          label={t("disputes.partial")}
          size="small"
          inputMode="decimal"
          value={partial}
          onChange={(e) => setPartial(e.target.value)}
          sx={{ maxWidth: 180 }}
        />
        <Button variant="outlined" disabled={loading || !partial} onClick={() => void run("PARTIAL_REFUND")}>
          {t("disputes.refundPart")}
        </Button>
      </Stack>
    </Stack>
  );
}
