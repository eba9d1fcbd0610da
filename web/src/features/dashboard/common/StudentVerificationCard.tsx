import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { emailCodeRule } from "@unibazaar/rules";
import { z } from "zod";
import { EmailCodeFlow } from "../../../components/EmailCodeFlow";
import { useNotify } from "../../../components/Notify";
import { VerifiedBadge } from "../../../components/VerifiedBadge";
import { useConfirmStudentVerificationMutation, useRequestStudentVerificationMutation } from "../../../generated/hooks";
import { useAuth } from "../../../lib/auth";

const codeSchema = z.object({ code: emailCodeRule });

/** The profile's "Verified student" part: the badge, or a university e-mail and the code mailed to it. */
export function StudentVerificationCard() {
  const { user, updateUser } = useAuth();
  const notify = useNotify();
  const [request] = useRequestStudentVerificationMutation();
  const [confirm] = useConfirmStudentVerificationMutation();
  if (!user) return null;
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }} component="section" aria-labelledby="student-verification">
      <CardContent>
        <Typography id="student-verification" variant="h6" component="h2" sx={{ mb: 1 }}>
          Student verification
        </Typography>
        {user.isVerifiedStudent ? (
          <Stack spacing={1} sx={{ alignItems: "flex-start" }}>
            <VerifiedBadge university={user.university} />
            <Typography>{user.university}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              Verified with {user.universityEmail}
            </Typography>
          </Stack>
        ) : (
          <EmailCodeFlow
            layout="card"
            emailLabel="University e-mail"
            emailIntro={
              <Typography variant="body2" color="text.secondary">
                Add your university e-mail (e.g. name@nust.edu.pk) to get the Verified student badge. Buyers and sellers trust it.
              </Typography>
            }
            sendCode={async (email) => {
              const { data } = await request({ variables: { email } });
              return data?.requestStudentVerification.sentTo ?? email;
            }}
            sentNotice={(sentTo) => (
              <>
                We sent a 6-digit code to <strong>{sentTo}</strong>. It works for 15 minutes.
              </>
            )}
            codeSchema={codeSchema}
            codeDefaults={{ code: "" }}
            redeem={async ({ code }) => {
              const { data } = await confirm({ variables: { code } });
              if (!data) throw new Error("no data");
              updateUser({ ...user, ...data.confirmStudentVerification });
              notify.success("You are a verified student now.");
            }}
            serverFields={["code"]}
            submitLabel="Verify"
            busyLabel="Checking..."
            redeemFailure="Could not verify the code."
          />
        )}
      </CardContent>
    </Card>
  );
}
