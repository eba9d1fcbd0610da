import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { useReportUserMutation } from "../../generated/hooks";

/**
 * The card under a flagged message from the other party: the safety advice, what screening found,
 * and "Report scam" in one tap (a SCAM report of the sender, through the moderation queue).
 */
export function SafetyCard({ flags, senderId }: { flags: string[]; senderId: string }) {
  const { t } = useTranslation("messages");
  const notify = useNotify();
  const [reported, setReported] = useState(false);
  const [report, { loading }] = useReportUserMutation();
  // what each screening flag means to the reader (safety.flags), in the order the server lists them
  const foundIn = (lng?: string) =>
    flags.map((flag) => t(`safety.flags.${flag}`, { defaultValue: flag, lng })).join(t("listSeparator", { lng }));

  const reportScam = async () => {
    try {
      // the report is read by admins: its details stay in English, whatever language the reporter reads
      await report({
        variables: { userId: senderId, reason: "SCAM", details: t("safety.reportDetails", { found: foundIn("en"), lng: "en" }) },
      });
      setReported(true);
      notify.success(t("safety.reported"));
    } catch (e) {
      notify.error(errorMessage(e, t("safety.reportFailed")));
    }
  };

  return (
    <Alert
      severity="warning"
      sx={{ mt: 0.5 }}
      action={
        reported ? undefined : (
          <Button color="inherit" size="small" disabled={loading} onClick={() => void reportScam()}>
            {t("safety.reportScam")}
          </Button>
        )
      }
    >
      <AlertTitle>{t("safety.title")}</AlertTitle>
      {t("safety.text", { found: foundIn() })}
      {reported && ` ${t("safety.youReported")}`}
    </Alert>
  );
}
