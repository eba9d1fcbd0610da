import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { emailCodeRule, passwordRule } from "@unibazaar/rules";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { z } from "zod";
import { EmailCodeFlow } from "../../components/EmailCodeFlow";
import { FormPasswordField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useRequestPasswordResetMutation, useResetPasswordMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { AuthCard } from "./AuthCard";

const resetSchema = z
  .object({ code: emailCodeRule, newPassword: passwordRule, confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "The passwords do not match." });

/**
 * /forgot-password: an e-mail, then the code mailed to it and a new password. The first answer is
 * the same whether or not the e-mail has an account; a reset signs out every other device.
 */
export function ForgotPasswordPage() {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const notify = useNotify();
  const [request] = useRequestPasswordResetMutation();
  const [reset] = useResetPasswordMutation();
  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a code to set a new password.">
      <EmailCodeFlow
        layout="page"
        emailLabel="Email"
        sendCode={async (email) => {
          await request({ variables: { email } });
          return email.toLowerCase();
        }}
        sentNotice={(email) => (
          <>
            If an account uses <strong>{email}</strong>, we sent a 6-digit code to it. It works for 15 minutes.
          </>
        )}
        codeSchema={resetSchema}
        codeDefaults={{ code: "", newPassword: "", confirm: "" }}
        codeFields={(control) => (
          <>
            <FormPasswordField control={control} name="newPassword" label="New password" autoComplete="new-password" required fullWidth />
            <FormPasswordField
              control={control}
              name="confirm"
              label="Repeat new password"
              autoComplete="new-password"
              required
              fullWidth
            />
          </>
        )}
        redeem={async ({ code, newPassword }, email) => {
          const { data } = await reset({ variables: { email, code, newPassword } });
          if (!data) throw new Error("no data");
          signIn(data.resetPassword.token, data.resetPassword.user);
          notify.success("Your password is changed. You are signed in; other devices are signed out.");
          navigate("/", { replace: true });
        }}
        serverFields={["code", "newPassword"]}
        submitLabel="Set new password"
        busyLabel="Saving..."
        redeemFailure="Could not reset the password."
      />
      <Typography sx={{ mt: 3, textAlign: "center" }}>
        <Link component={RouterLink} to="/login">
          Back to login
        </Link>
      </Typography>
    </AuthCard>
  );
}
