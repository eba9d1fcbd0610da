import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import { useState } from "react";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { useReportUserMutation } from "../../generated/hooks";

/** What each screening flag means to the reader, in the order the server lists them. */
const FLAG_TEXT: Record<string, string> = {
  phone: "a phone number",
  messaging_app: "a move to WhatsApp or another app",
  wallet_or_account: "a wallet or bank account",
  advance_payment: "a payment before meeting",
  code_request: "a code or OTP",
  courier_first: "sending by courier before meeting",
  offsite_link: "a link to another site",
};

/**
 * The card under a flagged message from the other party: the safety advice, what screening found,
 * and "Report scam" in one tap (a SCAM report of the sender, through the moderation queue).
 */
export function SafetyCard({ flags, senderId }: { flags: string[]; senderId: string }) {
  const notify = useNotify();
  const [reported, setReported] = useState(false);
  const [report, { loading }] = useReportUserMutation();
  const found = flags.map((flag) => FLAG_TEXT[flag] ?? flag).join(", ");

  const reportScam = async () => {
    try {
      await report({ variables: { userId: senderId, reason: "SCAM", details: `From the chat: a message asking for ${found}.` } });
      setReported(true);
      notify.success("Reported. An admin will look at this account.");
    } catch (e) {
      notify.error(errorMessage(e, "The report was not sent."));
    }
  };

  return (
    <Alert
      severity="warning"
      sx={{ mt: 0.5 }}
      action={
        reported ? undefined : (
          <Button color="inherit" size="small" disabled={loading} onClick={() => void reportScam()}>
            Report scam
          </Button>
        )
      }
    >
      <AlertTitle>Never pay before you meet; UniBazaar never asks for a code.</AlertTitle>
      This message mentions {found}. Keep the deal here and pay at the meetup.
      {reported && " You reported it."}
    </Alert>
  );
}
