import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useState, type FormEvent } from "react";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { useBlockUserMutation, useReportConversationMutation, useUnblockUserMutation } from "../../generated/hooks";

/** Report the conversation to the admins; block (or unblock) the other party. */
export function SafetyActions({
  conversationId,
  otherUserId,
  blocked,
}: {
  conversationId: string;
  otherUserId?: string;
  blocked: boolean;
}) {
  const notify = useNotify();
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState("");
  const refetchQueries = ["ConversationThread"];
  const [report, reportState] = useReportConversationMutation();
  const [block, blockState] = useBlockUserMutation({ refetchQueries });
  const [unblock, unblockState] = useUnblockUserMutation({ refetchQueries });

  const run = async (action: () => Promise<unknown>, done: string, failed: string) => {
    try {
      await action();
      notify.success(done);
      return true;
    } catch (e) {
      notify.error(errorMessage(e, failed));
      return false;
    }
  };

  const submitReport = async (event: FormEvent) => {
    event.preventDefault();
    const sent = await run(
      () => report({ variables: { conversationId, reason: reason.trim() } }),
      "Reported. An admin will read this conversation.",
      "The report was not sent.",
    );
    if (sent) setReporting(false);
  };

  return (
    <Stack direction="row" spacing={1} sx={{ justifyContent: "flex-end" }}>
      {otherUserId &&
        (blocked ? (
          <Button
            size="small"
            disabled={unblockState.loading}
            onClick={() => void run(() => unblock({ variables: { userId: otherUserId } }), "Unblocked.", "Could not unblock.")}
          >
            Unblock
          </Button>
        ) : (
          <Button
            size="small"
            disabled={blockState.loading}
            onClick={() =>
              void run(() => block({ variables: { userId: otherUserId } }), "Blocked: no more messages either way.", "Could not block.")
            }
          >
            Block
          </Button>
        ))}
      <Button size="small" color="error" onClick={() => setReporting(true)}>
        Report
      </Button>
      <Dialog open={reporting} onClose={() => setReporting(false)} fullWidth>
        <form onSubmit={(e) => void submitReport(e)}>
          <DialogTitle>Report this conversation</DialogTitle>
          <DialogContent>
            <TextField
              label="What is wrong?"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              multiline
              minRows={2}
              fullWidth
              autoFocus
              sx={{ mt: 1 }}
              slotProps={{ htmlInput: { maxLength: 500 } }}
            />
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setReporting(false)}>Cancel</Button>
            <Button type="submit" variant="contained" color="error" disabled={!reason.trim() || reportState.loading}>
              Send report
            </Button>
          </DialogActions>
        </form>
      </Dialog>
    </Stack>
  );
}
