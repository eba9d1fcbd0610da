import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { passwordRule } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { FormPasswordField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import { useChangePasswordMutation } from "../../../generated/hooks";
import { useAuth } from "../../../lib/auth";

const schemaFor = (t: TFunction<"dashboard">) =>
  z
    .object({
      currentPassword: z.string().min(1, t("password.currentRequired")),
      newPassword: passwordRule,
      confirm: z.string(),
    })
    .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: t("password.mismatch") });

const EMPTY = { currentPassword: "", newPassword: "", confirm: "" };

/** The profile's "Change password": needs the current one; other devices are signed out, this one keeps going. */
export function ChangePasswordCard() {
  const { signIn } = useAuth();
  const { t } = useTranslation("dashboard");
  const notify = useNotify();
  const schema = useMemo(() => schemaFor(t), [t]);
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
      notify.success(t("password.changed"));
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["currentPassword", "newPassword"])) setError(errorMessage(e, t("password.failed")));
    }
  });
  return (
    <Card variant="outlined" sx={{ maxWidth: 560 }} component="section" aria-labelledby="change-password">
      <CardContent>
        <Typography id="change-password" variant="h6" component="h2" sx={{ mb: 2 }}>
          {t("password.title")}
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
            label={t("password.current")}
            autoComplete="current-password"
            required
            fullWidth
          />
          <FormPasswordField
            control={form.control}
            name="newPassword"
            label={t("password.new")}
            autoComplete="new-password"
            required
            fullWidth
          />
          <FormPasswordField
            control={form.control}
            name="confirm"
            label={t("password.repeat")}
            autoComplete="new-password"
            required
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={loading} sx={{ alignSelf: "flex-start" }}>
            {loading ? t("saving") : t("password.submit")}
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
