import Alert from "@mui/material/Alert";
import Avatar from "@mui/material/Avatar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { zodResolver } from "@hookform/resolvers/zod";
import { contactNumberRule, usernameRule } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { useId, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { useDashboardUpdateProfileMutation, useDashboardUploadImageMutation } from "../../../generated/hooks";
import { useAuth } from "../../../lib/auth";
import type { StoredUser } from "../../../lib/session";
import { applyServerFieldErrors, plainMessage } from "../../../components/errors";
import { FormTextField } from "../../../components/FormFields";
import { imageForUpload, pickedImageProblem, readFileAsDataUrl } from "../../../lib/files";
import { ImagePicker } from "./ImagePicker";
import { useNotify } from "../../../components/Notify";
import { usePageTitle } from "../../../components/usePageTitle";
import { VerifiedBadge } from "../../../domain/seller/VerifiedBadge";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { StartSellingCard } from "./StartSellingCard";
import { StudentVerificationCard } from "./StudentVerificationCard";

/** /dashboard/profile: the signed-in user's picture, username and contact number, with an edit dialog. */
export default function ProfilePage() {
  const { t } = useTranslation("dashboard");
  usePageTitle(t("profile.title"));
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        {t("profile.title")}
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 560 }}>
        <CardContent sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
          <Avatar
            src={user.profileImage ?? undefined}
            alt={t("profile.pictureOf", { name: user.username })}
            sx={{ width: 88, height: 88, fontSize: 36 }}
          >
            {user.username.charAt(0).toUpperCase()}
          </Avatar>
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: "anywhere" }}>
              {user.username}
            </Typography>
            <Typography color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
              {user.email}
            </Typography>
            {user.isVerifiedStudent && (
              <Stack direction="row" spacing={1} sx={{ mt: 1, alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
                <VerifiedBadge university={user.university} />
                <Typography variant="body2">{user.university}</Typography>
              </Stack>
            )}
            <Typography sx={{ mt: 1 }}>{t("profile.contactNumber", { number: user.contactNumber || t("profile.notGiven") })}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t("profile.role", { role: t(`profile.roles.${user.role}`) })}
            </Typography>
          </Box>
        </CardContent>
        <Box sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" onClick={() => setEditing(true)}>
            {t("profile.edit")}
          </Button>
        </Box>
      </Card>
      <StartSellingCard />
      <StudentVerificationCard />
      <ChangePasswordCard />
      {editing && <EditProfileDialog user={user} onClose={() => setEditing(false)} />}
    </Stack>
  );
}

/** The server's profile rules: a username is required; an empty contact number removes it. */
const profileFormSchema = (t: TFunction<"dashboard">) =>
  z.object({
    username: z.string().trim().min(1, t("profile.usernameRequired")).pipe(usernameRule),
    contactNumber: z.string().superRefine((value, ctx) => {
      if (!value.trim()) return;
      const checked = contactNumberRule.safeParse(value);
      if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0].message });
    }),
  });

type ProfileForm = { username: string; contactNumber: string };

function EditProfileDialog({ user, onClose }: { user: StoredUser; onClose: () => void }) {
  const { t } = useTranslation("dashboard");
  const { updateUser } = useAuth();
  const notify = useNotify();
  const titleId = useId();
  const schema = useMemo(() => profileFormSchema(t), [t]);
  const form = useForm<ProfileForm>({
    defaultValues: { username: user.username, contactNumber: user.contactNumber ?? "" },
    resolver: zodResolver(schema, undefined, { raw: true }),
  });
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(user.profileImage);
  const [failure, setFailure] = useState("");
  const [saving, setSaving] = useState(false);
  const [upload] = useDashboardUploadImageMutation();
  const [updateProfile] = useDashboardUpdateProfileMutation();

  const pick = async (chosen: File) => {
    const problem = pickedImageProblem(chosen);
    setFailure(problem ?? "");
    if (problem) return;
    setFile(chosen);
    try {
      setPreview(await readFileAsDataUrl(chosen));
    } catch (error) {
      setFailure(t("profile.readFailed", { detail: plainMessage(error) }));
    }
  };

  const save = form.handleSubmit(async ({ username, contactNumber }) => {
    setFailure("");
    setSaving(true);
    try {
      let profileImage = user.profileImage;
      if (file) {
        const uploaded = await upload({ variables: { dataUrl: await imageForUpload(file) } });
        profileImage = uploaded.data?.uploadImage.url ?? profileImage;
      }
      const result = await updateProfile({
        // an empty contact number removes it; the picture is sent only when there is one
        variables: { input: { username: username.trim(), contactNumber: contactNumber.trim(), ...(profileImage ? { profileImage } : {}) } },
      });
      const updated = result.data?.updateProfile;
      if (!updated) throw new Error(t("noAnswer"));
      updateUser({ ...user, ...updated });
      notify.success(t("profile.updated"));
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["username", "contactNumber"]);
      setFailure(t("profile.updateFailed", { detail: plainMessage(error) }));
      setSaving(false);
    }
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={save} noValidate>
        <DialogTitle id={titleId}>{t("profile.edit")}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ImagePicker
              label={t("profile.chooseImage")}
              preview={preview}
              previewAlt={t("profile.preview")}
              disabled={saving}
              onFile={pick}
            />
            <FormTextField
              control={form.control}
              name="username"
              label={t("profile.username")}
              required
              hint=" "
              disabled={saving}
              autoComplete="username"
            />
            <FormTextField
              control={form.control}
              name="contactNumber"
              label={t("profile.contactNumberLabel")}
              disabled={saving}
              type="tel"
              autoComplete="tel"
              placeholder="03001234567"
            />
            {failure && (
              <Alert severity="error" sx={{ whiteSpace: "pre-line" }}>
                {failure}
              </Alert>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={saving}>
            {t("cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? t("saving") : t("profile.save")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
