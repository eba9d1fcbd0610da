import Visibility from "@mui/icons-material/Visibility";
import Alert from "@mui/material/Alert";
import type { SxProps, Theme } from "@mui/material/styles";
import VisibilityOff from "@mui/icons-material/VisibilityOff";
import IconButton from "@mui/material/IconButton";
import InputAdornment from "@mui/material/InputAdornment";
import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { CODE_DIGITS } from "@unibazaar/rules/limits";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useController, type Control, type FieldValues, type Path } from "react-hook-form";

type FormTextFieldProps<T extends FieldValues, Out extends FieldValues = T> = Omit<
  TextFieldProps,
  "name" | "value" | "onChange" | "error"
> & {
  /** the form's control; `Out` is what its resolver hands the submit (e.g. a number typed as text) */
  control: Control<T, unknown, Out>;
  name: Path<T>;
  /** shown under the field while it has no error */
  hint?: ReactNode;
};

/**
 * A MUI text field bound to a react-hook-form field: its error (from the shared rules or from the
 * server) shows inline under it, in the same style for both.
 */
export function FormTextField<T extends FieldValues, Out extends FieldValues = T>({
  control,
  name,
  hint,
  ...props
}: FormTextFieldProps<T, Out>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextField
      {...props}
      name={field.name}
      value={field.value ?? ""}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      disabled={props.disabled ?? field.disabled}
      error={Boolean(fieldState.error)}
      helperText={fieldState.error?.message ?? hint}
    />
  );
}

/** A password field with a show/hide toggle (typing a password on a phone is error-prone). */
export function FormPasswordField<T extends FieldValues>(props: Omit<FormTextFieldProps<T>, "type">) {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  return (
    <FormTextField
      {...props}
      type={shown ? "text" : "password"}
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={shown ? t("form.hideCharacters") : t("form.showCharacters")}
                aria-pressed={shown}
                onClick={() => setShown((s) => !s)}
                edge="end"
              >
                {shown ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/** The 6-digit code sent by e-mail (verification, password reset): a number pad on phones, filled from the message where the phone offers it. */
export function FormCodeField<T extends FieldValues>(props: Omit<FormTextFieldProps<T>, "label" | "autoComplete" | "slotProps">) {
  const { t } = useTranslation();
  return (
    <FormTextField
      label={t("form.code")}
      autoComplete="one-time-code"
      required
      fullWidth
      autoFocus
      slotProps={{ htmlInput: { inputMode: "numeric", maxLength: CODE_DIGITS } }}
      {...props}
    />
  );
}

/** A form's one error that belongs to no field (the field errors show under their fields). */
export function FormErrorAlert({ error, sx }: { error: string | null; sx?: SxProps<Theme> }) {
  if (!error) return null;
  return (
    <Alert severity="error" role="alert" sx={sx}>
      {error}
    </Alert>
  );
}
