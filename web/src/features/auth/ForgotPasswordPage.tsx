import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { CODE_DIGITS, emailCodeRule, passwordRule } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink, useNavigate } from "react-router-dom";
import { z } from "zod";
import { EmailCodeFlow } from "../../components/EmailCodeFlow";
import { FormPasswordField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useRequestPasswordResetMutation, useResetPasswordMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { aroundElement, ELEMENT_MARK } from "../../lib/i18n";
import { AuthCard } from "./AuthCard";

const resetSchemaFor = (t: TFunction<"auth">) =>
  z
    .object({ code: emailCodeRule, newPassword: passwordRule, confirm: z.string() })
    .refine((v) => v.newPassword === v.confirm, { path: ["confirm"], message: t("reset.mismatch") });

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
  const { t } = useTranslation("auth");
  const resetSchema = useMemo(() => resetSchemaFor(t), [t]);
  return (
    <AuthCard title={t("reset.title")} subtitle={t("reset.subtitle")}>
      <EmailCodeFlow
        layout="page"
        emailLabel={t("email")}
        sendCode={async (email) => {
          await request({ variables: { email } });
          return email.toLowerCase();
        }}
        sentNotice={(email) => aroundElement(t("reset.sent", { email: ELEMENT_MARK, digits: CODE_DIGITS }), <strong>{email}</strong>)}
        codeSchema={resetSchema}
        codeDefaults={{ code: "", newPassword: "", confirm: "" }}
        codeFields={(control) => (
          <>
            <FormPasswordField
              control={control}
              name="newPassword"
              label={t("reset.newPassword")}
              autoComplete="new-password"
              required
              fullWidth
            />
            <FormPasswordField control={control} name="confirm" label={t("reset.repeat")} autoComplete="new-password" required fullWidth />
          </>
        )}
        redeem={async ({ code, newPassword }, email) => {
          const { data } = await reset({ variables: { email, code, newPassword } });
          if (!data) throw new Error("no data");
          signIn(data.resetPassword.token, data.resetPassword.user);
          notify.success(t("reset.done"));
          navigate("/", { replace: true });
        }}
        serverFields={["code", "newPassword"]}
        submitLabel={t("reset.submit")}
        busyLabel={t("reset.saving")}
        redeemFailure={t("reset.failed")}
      />
      <Typography sx={{ mt: 3, textAlign: "center" }}>
        <Link component={RouterLink} to="/login">
          {t("reset.backToLogin")}
        </Link>
      </Typography>
    </AuthCard>
  );
}
