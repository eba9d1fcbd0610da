import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { emailCodeRule } from "@unibazaar/rules";
import { Trans, useTranslation } from "react-i18next";
import { z } from "zod";
import { EmailCodeFlow } from "../../../components/EmailCodeFlow";
import { useNotify } from "../../../components/Notify";
import { VerifiedBadge } from "../../../domain/seller/VerifiedBadge";
import { useConfirmStudentVerificationMutation, useRequestStudentVerificationMutation } from "../../../generated/hooks";
import { useAuth } from "../../../lib/auth";

const codeSchema = z.object({ code: emailCodeRule });

/** The profile's "Verified student" part: the badge, or a university e-mail and the code mailed to it. */
export function StudentVerificationCard() {
  const { user, updateUser } = useAuth();
  const { t } = useTranslation("dashboard");
  const notify = useNotify();
  const [request] = useRequestStudentVerificationMutation();
  const [confirm] = useConfirmStudentVerificationMutation();
  if (!user) return null;
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }} component="section" aria-labelledby="student-verification">
      <CardContent>
        <Typography id="student-verification" variant="h6" component="h2" sx={{ mb: 1 }}>
          {t("studentVerification.title")}
        </Typography>
        {user.isVerifiedStudent ? (
          <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
            <VerifiedBadge university={user.university} />
            <Typography>{user.university}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {t("studentVerification.verifiedWith", { email: user.universityEmail })}
            </Typography>
          </Stack>
        ) : (
          <EmailCodeFlow
            layout="card"
            emailLabel={t("studentVerification.email")}
            emailIntro={
              <Typography variant="body2" color="text.secondary">
                {t("studentVerification.intro")}
              </Typography>
            }
            sendCode={async (email) => {
              const { data } = await request({ variables: { email } });
              return data?.requestStudentVerification.sentTo ?? email;
            }}
            sentNotice={(sentTo) => (
              <Trans t={t} i18nKey="studentVerification.sent" values={{ sentTo }} components={{ strong: <strong /> }} />
            )}
            codeSchema={codeSchema}
            codeDefaults={{ code: "" }}
            redeem={async ({ code }) => {
              const { data } = await confirm({ variables: { code } });
              if (!data) throw new Error("no data");
              updateUser({ ...user, ...data.confirmStudentVerification });
              notify.success(t("studentVerification.verified"));
            }}
            serverFields={["code"]}
            submitLabel={t("studentVerification.verify")}
            busyLabel={t("studentVerification.checking")}
            redeemFailure={t("studentVerification.failed")}
          />
        )}
      </CardContent>
    </Card>
  );
}
