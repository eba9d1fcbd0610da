import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Link from "@mui/material/Link";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Controller, useForm, useWatch } from "react-hook-form";
import { Link as RouterLink, useLocation, useNavigate } from "react-router-dom";
import { applyServerFieldErrors, errorMessage, withTranslatedMessages } from "../../components/errors";
import { FormPasswordField, FormTextField } from "../../components/FormFields";
import { useLoginMutation, useRegisterMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { aroundElement, ELEMENT_MARK } from "../../lib/i18n";
import { AuthCard } from "./AuthCard";
import { EMPTY, FIELDS, fieldMessages, registerSchema, toRegisterInput, type Form } from "./registerForm";
import { afterLoginPath } from "./redirect";

/** /register: buyer or seller; success signs the new account in and goes back to the page that asked (else home). */
export function RegisterPage() {
  const navigate = useNavigate();
  const location = useLocation();
  // the failure that belongs to no field (e.g. the network); field problems are listed from the form's errors
  const [error, setError] = useState<string | null>(null);
  const [register, { loading }] = useRegisterMutation();
  const [login] = useLoginMutation();
  const { signIn } = useAuth();
  const { t } = useTranslation("auth");
  const form = useForm<Form>({
    defaultValues: EMPTY,
    resolver: withTranslatedMessages(zodResolver(registerSchema, undefined, { raw: true }), "auth:register.rules"),
  });
  const { control, formState } = form;

  const submit = form.handleSubmit(
    async (values) => {
      setError(null);
      try {
        await register({ variables: { input: toRegisterInput(values) } });
        // signed in at once with what was just typed; should that fail, the login page takes over with the e-mail filled in
        const from = (location.state as { from?: unknown } | null)?.from;
        const session = await login({ variables: { email: values.email.trim(), password: values.password } }).catch(() => null);
        if (session?.data) {
          signIn(session.data.login.token, session.data.login.user);
          navigate(afterLoginPath(location.state), { replace: true });
        } else {
          navigate("/login", { state: { registered: values.email.trim(), from } });
        }
      } catch (e) {
        if (!applyServerFieldErrors(e, form.setError, FIELDS)) setError(errorMessage(e, t("register.failed")));
      }
    },
    () => setError(null),
  );

  const role = useWatch({ control, name: "role" });
  const sellerType = useWatch({ control, name: "sellerType" });
  const isSeller = role === "SELLER";
  const isBusiness = isSeller && sellerType === "BUSINESS";
  const problems = fieldMessages(formState.errors);

  return (
    <AuthCard title={t("register.title")} subtitle={t("register.subtitle")}>
      {(problems.length > 0 || error) && (
        <Alert severity="error" sx={{ mb: 2 }} role="alert" aria-label={t("register.problems")}>
          {problems.length > 0 ? (
            <>
              {t("register.fixThese", { count: problems.length })}
              <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
                {problems.map((message) => (
                  <li key={message}>{message}</li>
                ))}
              </Box>
            </>
          ) : (
            error
          )}
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit} noValidate>
        <FormTextField control={control} name="email" label={t("email")} type="email" autoComplete="email" required fullWidth />
        <FormTextField
          control={control}
          name="username"
          label={t("register.username")}
          autoComplete="username"
          required
          fullWidth
          hint={t("register.usernameHint")}
        />
        <FormPasswordField
          control={control}
          name="password"
          label={t("password")}
          autoComplete="new-password"
          required
          fullWidth
          hint={t("register.passwordHint")}
        />
        <FormTextField control={control} name="name" label={t("register.name")} autoComplete="name" required fullWidth />
        <FormTextField
          control={control}
          name="contactNumber"
          label={t("register.contactNumber")}
          type="tel"
          autoComplete="tel"
          required
          fullWidth
          placeholder="03001234567"
        />
        <Controller
          control={control}
          name="role"
          render={({ field }) => (
            <FormControl required>
              <FormLabel id="role-label">{t("register.role")}</FormLabel>
              <RadioGroup row aria-labelledby="role-label" name={field.name} value={field.value} onChange={field.onChange}>
                <FormControlLabel value="USER" control={<Radio />} label={t("register.buyer")} />
                <FormControlLabel value="SELLER" control={<Radio />} label={t("register.seller")} />
              </RadioGroup>
            </FormControl>
          )}
        />
        {isSeller && (
          <Controller
            control={control}
            name="sellerType"
            render={({ field, fieldState }) => (
              <FormControl required error={Boolean(fieldState.error)}>
                <FormLabel id="seller-type-label">{t("register.sellerType")}</FormLabel>
                <RadioGroup row aria-labelledby="seller-type-label" name={field.name} value={field.value} onChange={field.onChange}>
                  <FormControlLabel value="BUSINESS" control={<Radio />} label={t("register.business")} />
                  <FormControlLabel value="INDIVIDUAL" control={<Radio />} label={t("register.individual")} />
                </RadioGroup>
                {fieldState.error && <FormHelperText>{fieldState.error.message}</FormHelperText>}
              </FormControl>
            )}
          />
        )}
        {isBusiness && (
          <>
            <FormTextField control={control} name="storeName" label={t("register.storeName")} required fullWidth />
            <FormTextField
              control={control}
              name="storeDescription"
              label={t("register.storeDescription")}
              required
              fullWidth
              multiline
              minRows={3}
            />
          </>
        )}
        <Button type="submit" variant="contained" size="large" disabled={loading || formState.isSubmitting} fullWidth>
          {loading ? t("register.submitting") : t("register.submit")}
        </Button>
      </Stack>
      <Typography sx={{ mt: 3, textAlign: "center" }}>
        {aroundElement(
          t("register.haveAccount", { link: ELEMENT_MARK }),
          <Link component={RouterLink} to="/login" state={location.state}>
            {t("register.login")}
          </Link>,
        )}
      </Typography>
    </AuthCard>
  );
}
