import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { emailRule } from "@unibazaar/rules";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useForm, type Control, type DefaultValues, type FieldValues, type Path } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage, withTranslatedMessages } from "./errors";
import { FormCodeField, FormErrorAlert, FormTextField } from "./FormFields";

/** The code step's values: the code and whatever else the step asks for (e.g. a new password). */
type CodeValues = FieldValues & { code: string };

type EmailCodeFlowProps<V extends CodeValues> = {
  /** "page": full-width buttons (the sign-in pages); "card": compact, inside a dashboard card. */
  layout: "page" | "card";
  emailLabel: string;
  /** Shown above the e-mail field. */
  emailIntro?: ReactNode;
  /** Sends the code; resolves to the address it went to (shown in the code step). */
  sendCode: (email: string) => Promise<string>;
  /** The code step's notice, e.g. "We sent a 6-digit code to ...". */
  sentNotice: (sentTo: string) => ReactNode;
  /** The code step's rules: `code` and any other fields. */
  codeSchema: z.ZodType<V, V>;
  codeDefaults: DefaultValues<V>;
  /** The code step's other fields, between the code and the submit button. */
  codeFields?: (control: Control<V>) => ReactNode;
  /** Redeems the code; a failure's per-field messages land on these fields. */
  redeem: (values: V, sentTo: string) => Promise<void>;
  serverFields: readonly Path<V>[];
  submitLabel: string;
  busyLabel: string;
  redeemFailure: string;
};

const emailSchema = z.object({ email: emailRule });

/**
 * An e-mail, then the code mailed to it (student verification, password reset): the e-mail step,
 * then the code step with "Use another e-mail or send a new code" to go back. The rules are the
 * server's (`@unibazaar/rules`); its field errors show on the fields, anything else in one alert.
 */
export function EmailCodeFlow<V extends CodeValues>(props: EmailCodeFlowProps<V>) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return sentTo === null ? (
    <EmailStep {...props} onSent={setSentTo} />
  ) : (
    <CodeStep {...props} sentTo={sentTo} onRestart={() => setSentTo(null)} />
  );
}

function EmailStep<V extends CodeValues>({
  layout,
  emailLabel,
  emailIntro,
  sendCode,
  onSent,
}: EmailCodeFlowProps<V> & { onSent: (to: string) => void }) {
  const { t } = useTranslation();
  const form = useForm({
    defaultValues: { email: "" },
    resolver: withTranslatedMessages(zodResolver(emailSchema, undefined, { raw: true }), "common:rules"),
  });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const submit = form.handleSubmit(async ({ email }) => {
    setError(null);
    setLoading(true);
    try {
      onSent(await sendCode(email.trim()));
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["email"])) setError(errorMessage(e, t("emailCode.sendFailed")));
      setLoading(false);
    }
  });
  const page = layout === "page";
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      {emailIntro}
      <FormErrorAlert error={error} />
      <FormTextField
        control={form.control}
        name="email"
        label={emailLabel}
        type="email"
        autoComplete="email"
        required
        fullWidth
        autoFocus={page}
      />
      <Button
        type="submit"
        variant="contained"
        disabled={loading}
        size={page ? "large" : "medium"}
        fullWidth={page}
        sx={page ? undefined : { alignSelf: "flex-start" }}
      >
        {loading ? t("form.sending") : t("emailCode.send")}
      </Button>
    </Stack>
  );
}

function CodeStep<V extends CodeValues>(props: EmailCodeFlowProps<V> & { sentTo: string; onRestart: () => void }) {
  const { layout, sentTo, onRestart, sentNotice, codeSchema, codeDefaults, codeFields, redeem, serverFields } = props;
  const { t } = useTranslation();
  const form = useForm<V>({ defaultValues: codeDefaults, resolver: withTranslatedMessages(zodResolver(codeSchema), "common:rules") });
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const submit = form.handleSubmit(async (values) => {
    setError(null);
    setLoading(true);
    try {
      await redeem({ ...values, code: values.code.trim() }, sentTo);
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, serverFields)) setError(errorMessage(e, props.redeemFailure));
    } finally {
      setLoading(false);
    }
  });
  const page = layout === "page";
  const submitButton = (
    <Button type="submit" variant="contained" disabled={loading} size={page ? "large" : "medium"} fullWidth={page}>
      {loading ? props.busyLabel : props.submitLabel}
    </Button>
  );
  const restart = (
    <Button variant="text" onClick={onRestart}>
      {t("emailCode.restart")}
    </Button>
  );
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate>
      <Alert severity="info" sx={{ overflowWrap: "anywhere" }}>
        {sentNotice(sentTo)}
      </Alert>
      <FormErrorAlert error={error} />
      <FormCodeField control={form.control} name={"code" as Path<V>} />
      {codeFields?.(form.control)}
      {page ? (
        <>
          {submitButton}
          {restart}
        </>
      ) : (
        <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
          {submitButton}
          {restart}
        </Stack>
      )}
    </Stack>
  );
}
