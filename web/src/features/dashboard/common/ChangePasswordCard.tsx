import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { passwordRule } from "@unibazaar/rules";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { FormPasswordField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import { useChangePasswordMutation } from "../../../generated/hooks";
import { useAuth } from "../../../lib/auth";

const schema = z
  .object({
    currentPassword: z.string().min(1, "Enter your current password."),
    newPassword: passwordRule,
    confirm: z.string(),
  })
  .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: "The passwords do not match." });

const EMPTY = { currentPassword: "", newPassword: "", confirm: "" };

/** The profile's "Change password": needs the current one; other devices are signed out, this one keeps going. */
export function ChangePasswordCard() {
  const { signIn } = useAuth();
  const notify = useNotify();
  const form = useForm({ defaultValues: EMPTY, resolver: zodResolver(schema, undefined, { raw: true }) });
  const [error, setError] = useState<string | null>(null);
  const [change, { loading }] = useChangePasswordMutation();
  const submit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setError(null);
    try {
      const { data } = await change({ variables: { currentPassword, newPassword } });
      if (!data) throw new Error("no data");
      signIn(data.changePassword.token, data.changePassword.user);
      form.reset(EMPTY);
      notify.success("Password changed. Other devices are signed out.");
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["currentPassword", "newPassword"]))
        setError(errorMessage(e, "Could not change the password."));
    }
  });
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }} component="section" aria-labelledby="change-password">
      <CardContent>
        <Typography id="change-password" variant="h6" component="h2" sx={{ mb: 2 }}>
          Change password
        </Typography>
        <Stack component="form" spacing={2} onSubmit={submit} noValidate>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <FormPasswordField
            control={form.control}
            name="currentPassword"
            label="Current password"
            autoComplete="current-password"
            required
            fullWidth
          />
          <FormPasswordField
            control={form.control}
            name="newPassword"
            label="New password"
            autoComplete="new-password"
            required
            fullWidth
          />
          <FormPasswordField
            control={form.control}
            name="confirm"
            label="Repeat new password"
            autoComplete="new-password"
            required
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={loading} sx={{ alignSelf: "flex-start" }}>
            {loading ? "Saving..." : "Change password"}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
