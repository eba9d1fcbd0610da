import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { emailRule } from "@unibazaar/rules";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { FormCodeField, FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import { VerifiedBadge } from "../../../components/VerifiedBadge";
import { useConfirmStudentVerificationMutation, useRequestStudentVerificationMutation } from "../../../generated/hooks";
import { useAuth } from "../../../lib/auth";

const emailSchema = z.object({ email: emailRule });
const codeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail."),
});

/** The profile's "Verified student" part: the badge, or a university e-mail and the code mailed to it. */
export function StudentVerificationCard() {
  const { user } = useAuth();
  const [sentTo, setSentTo] = useState<string | null>(null);
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
        ) : sentTo === null ? (
          <EmailForm onSent={setSentTo} />
        ) : (
          <CodeForm sentTo={sentTo} onRestart={() => setSentTo(null)} />
        )}
      </CardContent>
    </Card>
  );
}

function EmailForm({ onSent }: { onSent: (email: string) => void }) {
  const form = useForm({ defaultValues: { email: "" }, resolver: zodResolver(emailSchema, undefined, { raw: true }) });
  const [error, setError] = useState<string | null>(null);
  const [request, { loading }] = useRequestStudentVerificationMutation();
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    try {
      const { data } = await request({ variables: { email: email.trim() } });
      onSent(data?.requestStudentVerification.sentTo ?? email.trim());
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["email"])) setError(errorMessage(e, "Could not send the code. Please try again."));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Typography variant="body2" color="text.secondary">
        Add your university e-mail (e.g. name@nust.edu.pk) to get the Verified student badge. Buyers and sellers trust it.
      </Typography>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormTextField control={form.control} name="email" label="University e-mail" type="email" autoComplete="email" required fullWidth />
      <Button type="submit" variant="contained" disabled={loading} sx={{ alignSelf: "flex-start" }}>
        {loading ? "Sending..." : "Send code"}
      </Button>
    </Stack>
  );
}

function CodeForm({ sentTo, onRestart }: { sentTo: string; onRestart: () => void }) {
  const { user, updateUser } = useAuth();
  const notify = useNotify();
  const form = useForm({ defaultValues: { code: "" }, resolver: zodResolver(codeSchema, undefined, { raw: true }) });
  const [error, setError] = useState<string | null>(null);
  const [confirm, { loading }] = useConfirmStudentVerificationMutation();
  const submit = form.handleSubmit(async ({ code }) => {
    setError(null);
    try {
      const { data } = await confirm({ variables: { code: code.trim() } });
      if (!data || !user) throw new Error("no data");
      updateUser({ ...user, ...data.confirmStudentVerification });
      notify.success("You are a verified student now.");
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["code"])) setError(errorMessage(e, "Could not verify the code."));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Alert severity="info" sx={{ overflowWrap: "anywhere" }}>
        We sent a 6-digit code to <strong>{sentTo}</strong>. It works for 15 minutes.
      </Alert>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormCodeField control={form.control} name="code" />
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        <Button type="submit" variant="contained" disabled={loading}>
          {loading ? "Checking..." : "Verify"}
        </Button>
        <Button variant="text" onClick={onRestart}>
          Use another e-mail or send a new code
        </Button>
      </Stack>
    </Stack>
  );
}
