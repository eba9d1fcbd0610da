import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import { REPORT_DETAILS_MAX, REPORT_REASONS } from "@unibazaar/rules";
import { useId, useState } from "react";
import type { ReportReason } from "../generated/graphql";
import { useReportListingMutation, useReportUserMutation } from "../generated/hooks";
import { errorMessage } from "./errors";
import { useNotify } from "./Notify";
import type { ReportTarget } from "./ReportButton";

const REPORT_SENT = "Thanks. Your report was sent to the UniBazaar team.";

/** The report form: loaded when someone opens it, so the product page's first load carries neither its form nor the rules. */
export function ReportDialog({ target, title, onClose }: { target: ReportTarget; title: string; onClose: () => void }) {
  const notify = useNotify();
  const titleId = useId();
  const reasonLabelId = useId();
  const [reason, setReason] = useState<ReportReason | "">("");
  const [details, setDetails] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [reportListing, listing] = useReportListingMutation();
  const [reportUser, user] = useReportUserMutation();
  const busy = listing.loading || user.loading;
  const needsDetails = reason === "OTHER" && !details.trim();

  const send = async () => {
    if (!reason) return setError("Choose a reason.");
    if (needsDetails) return setError("Say what is wrong.");
    setError(null);
    try {
      const variables = { reason, details: details.trim() || null };
      if (target.kind === "listing") await reportListing({ variables: { ...variables, productId: target.productId } });
      else await reportUser({ variables: { ...variables, userId: target.userId } });
      notify.success(REPORT_SENT);
      onClose();
    } catch (e) {
      setError(errorMessage(e, "Could not send the report. Please try again."));
    }
  };

  return (
    <Dialog open onClose={busy ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        <FormControl required>
          <FormLabel id={reasonLabelId}>Reason</FormLabel>
          <RadioGroup aria-labelledby={reasonLabelId} value={reason} onChange={(e) => setReason(e.target.value as ReportReason)}>
            {REPORT_REASONS.map((r) => (
              <FormControlLabel key={r.value} value={r.value} control={<Radio />} label={r.label} />
            ))}
          </RadioGroup>
        </FormControl>
        <TextField
          label={reason === "OTHER" ? "Details (required)" : "Details (optional)"}
          value={details}
          onChange={(e) => setDetails(e.target.value)}
          multiline
          minRows={3}
          fullWidth
          sx={{ mt: 2 }}
          slotProps={{ htmlInput: { maxLength: REPORT_DETAILS_MAX } }}
          helperText={`${details.length}/${REPORT_DETAILS_MAX}`}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={() => void send()} disabled={busy}>
          {busy ? "Sending..." : "Send report"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
