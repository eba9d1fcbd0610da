import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { zodResolver } from "@hookform/resolvers/zod";
import type { TFunction } from "i18next";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, plainMessage } from "../../../components/errors";
import { FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import type { Role } from "../../../generated/graphql";
import { useDashboardChangeUserRoleMutation } from "../../../generated/hooks";

export const ROLES = ["USER", "SELLER", "ADMIN"] as const satisfies readonly Role[];
/** A role as the admin reads it ("user", "seller", "admin"). */
export const roleText = (t: TFunction<"admin">, role: Role) => t(`users.roles.${role}`);

const roleSchemaFor = (t: TFunction<"admin">) => z.object({ role: z.enum(ROLES, { message: t("users.edit.chooseRole") }) });

/** An admin changes a user's role; the server's refusal (e.g. of their own role) shows under the role. */
export function EditUserDialog({ user, onClose }: { user: { id: string; email: string; role: Role }; onClose: () => void }) {
  const { t } = useTranslation("admin");
  const notify = useNotify();
  const titleId = useId();
  const roleSchema = useMemo(() => roleSchemaFor(t), [t]);
  const form = useForm({ defaultValues: { role: user.role }, resolver: zodResolver(roleSchema) });
  const [failed, setFailed] = useState("");
  const [changeRole, { loading }] = useDashboardChangeUserRoleMutation();

  const save = form.handleSubmit(async ({ role }) => {
    setFailed("");
    try {
      await changeRole({ variables: { userId: user.id, role } });
      notify.success(t("users.edit.updated"));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, ["role"])) setFailed(t("users.edit.failed", { detail: plainMessage(error) }));
    }
  });

  return (
    <Dialog open onClose={loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <form onSubmit={(e) => void save(e)} noValidate>
        <DialogTitle id={titleId}>{t("users.edit.title")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label={t("users.edit.email")} value={user.email} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
            <FormTextField control={form.control} name="role" select label={t("users.edit.role")} fullWidth disabled={loading}>
              {ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  {roleText(t, r)}
                </MenuItem>
              ))}
            </FormTextField>
            {failed && <Alert severity="error">{failed}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={loading}>
            {t("users.edit.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={loading}>
            {loading ? t("users.edit.saving") : t("users.edit.save")}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
