import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { zodResolver } from "@hookform/resolvers/zod";
import { loginRules } from "@unibazaar/rules";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { Navigate, Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { errorMessage, withTranslatedMessages } from "../../components/errors";
import { FormPasswordField, FormTextField } from "../../components/FormFields";
import { useLoginMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { aroundElement, ELEMENT_MARK } from "../../lib/i18n";
import { forgetSignedOutReason, readSignedOutReason } from "../../lib/session";
import { AuthCard } from "./AuthCard";
import { afterLoginPath } from "./redirect";

/** /login: Email, Password and 'Login'; afterwards back to the page that asked (state `from`), else home. */
export function LoginPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const { user, signIn } = useAuth();
  const { t } = useTranslation("auth");
  const registered = (location.state as { registered?: string } | null)?.registered;
  const form = useForm({
    defaultValues: { email: registered ?? "", password: "" },
    resolver: withTranslatedMessages(zodResolver(loginRules, undefined, { raw: true }), "auth:login.rules"),
  });
  const [error, setError] = useState<string | null>(null);
  // why the last session ended, when the server ended it (shown once, in full)
  const [signedOut] = useState(readSignedOutReason);
  useEffect(forgetSignedOutReason, []);
  const [login, { loading }] = useLoginMutation();
  const target = afterLoginPath(location.state);

  if (user && !loading) return <Navigate to={target} replace />;

  const submit = form.handleSubmit(async ({ email, password }) => {
    setError(null);
    try {
      const { data } = await login({ variables: { email: email.trim(), password } });
      if (!data) throw new Error("no data");
      signIn(data.login.token, data.login.user);
      navigate(target, { replace: true });
    } catch (e) {
      // a limit or a suspended account says so; any other failure (a wrong password too) stays the one sign-in message
      const told =
        CombinedGraphQLErrors.is(e) && e.errors.some((x) => x.extensions?.code === "RATE_LIMITED" || x.extensions?.code === "FORBIDDEN");
      setError(told ? errorMessage(e, t("login.failed")) : t("login.failed"));
    }
  });

  return (
    <AuthCard title={t("login.title")} subtitle={t("login.subtitle")}>
      {registered && !error && (
        <Alert severity="success" sx={{ mb: 2 }}>
          {t("login.registered")}
        </Alert>
      )}
      {signedOut && !error && (
        <Alert severity="warning" sx={{ mb: 2 }} role="alert">
          {signedOut}
        </Alert>
      )}
      {error && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert">
          {error}
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <FormTextField
          control={form.control}
          name="email"
          label={t("email")}
          type="email"
          autoComplete="email"
          required
          fullWidth
          autoFocus={!registered}
        />
        <FormPasswordField
          control={form.control}
          name="password"
          label={t("password")}
          autoComplete="current-password"
          required
          fullWidth
          autoFocus={Boolean(registered)}
        />
        <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ alignSelf: "flex-end" }}>
          {t("login.forgot")}
        </Link>
        <Button type="submit" variant="contained" size="large" disabled={loading} fullWidth>
          {loading ? t("login.submitting") : t("login.submit")}
        </Button>
      </Stack>
      <Typography sx={{ mt: 3, textAlign: "center" }}>
        {aroundElement(
          t("login.newHere", { link: ELEMENT_MARK }),
          <Link component={RouterLink} to="/register" state={location.state}>
            {t("login.createAccount")}
          </Link>,
        )}
      </Typography>
    </AuthCard>
  );
}
