import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { emailRule, passwordRule } from "@unibazaar/rules";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormCodeField, FormPasswordField, FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useRequestPasswordResetMutation, useResetPasswordMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { AuthCard } from "./AuthCard";

const emailSchema = z.object({ email: emailRule });
const resetSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail."),
    newPassword: passwordRule,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "The passwords do not match." });

/**
 * /forgot-password: an e-mail, then the code mailed to it and a new password. The first answer is
 * the same whether or not the e-mail has an account; a reset signs out every other device.
 */
export function ForgotPasswordPage() {
  const [email, setEmail] = useState<string | null>(null);
  return (
    <AuthCard title="Reset your password" subtitle="We will e-mail you a code to set a new password.">
      {email === null ? <EmailStep onSent={setEmail} /> : <CodeStep email={email} onRestart={() => setEmail(null)} />}
      <Typography sx={{ mt: 3, textAlign: "center" }}>
        <Link component={RouterLink} to="/login">
          Back to login
        </Link>
      </Typography>
    </AuthCard>
  );
}

function EmailStep({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm({ defaultValues: { email: "" }, resolver: zodResolver(emailSchema, undefined, { raw: true }) });
  const [error, setError] = useState<string | null>(null);
  const [request, { loading }] = useRequestPasswordResetMutation();
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await request({ variables: { email: email.trim() } });
      onSent(email.trim().toLowerCase());
    } catch (e) {
      setError(errorMessage(e, "Could not send the code. Please try again."));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormTextField control={form.control} name="email" label="Email" type="email" autoComplete="email" required fullWidth autoFocus />
      <Button type="submit" variant="contained" size="large" disabled={loading} fullWidth>
        {loading ? "Sending..." : "Send code"}
      </Button>
    </Stack>
  );
}

function CodeStep({ email, onRestart }: { email: string; onRestart: () => void }) {
  const navigate = useNavigate();
  const { signIn } = useAuth();
  const notify = useNotify();
  const form = useForm({
    defaultValues: { code: "", newPassword: "", confirm: "" },
    resolver: zodResolver(resetSchema, undefined, { raw: true }),
  });
  const [error, setError] = useState<string | null>(null);
  const [reset, { loading }] = useResetPasswordMutation();
  const submit = form.handleSubmit(async ({ code, newPassword }) => {
    setError(null);
    try {
      const { data } = await reset({ variables: { email, code: code.trim(), newPassword } });
      if (!data) throw new Error("no data");
      signIn(data.resetPassword.token, data.resetPassword.user);
      notify.success("Your password is changed. You are signed in; other devices are signed out.");
      navigate("/", { replace: true });
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["code", "newPassword"])) setError(errorMessage(e, "Could not reset the password."));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Alert severity="info">
        If an account uses <strong>{email}</strong>, we sent a 6-digit code to it. It works for 15 minutes.
      </Alert>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormCodeField control={form.control} name="code" />
      <FormPasswordField control={form.control} name="newPassword" label="New password" autoComplete="new-password" required fullWidth />
      <FormPasswordField control={form.control} name="confirm" label="Repeat new password" autoComplete="new-password" required fullWidth />
      <Button type="submit" variant="contained" size="large" disabled={loading} fullWidth>
        {loading ? "Saving..." : "Set new password"}
      </Button>
      <Button variant="text" onClick={onRestart}>
        Use another e-mail or send a new code
      </Button>
    </Stack>
  );
}
