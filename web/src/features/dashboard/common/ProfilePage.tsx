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
import { useId, useState } from "react";
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
import { VerifiedBadge } from "../../../components/VerifiedBadge";
import { ChangePasswordCard } from "./ChangePasswordCard";
import { StartSellingCard } from "./StartSellingCard";
import { StudentVerificationCard } from "./StudentVerificationCard";

const ROLE_NAME: Record<StoredUser["role"], string> = { USER: "Buyer", SELLER: "Seller", ADMIN: "Admin" };

/** /dashboard/profile: the signed-in user's picture, username and contact number, with an edit dialog. */
export default function ProfilePage() {
  usePageTitle("Profile");
  const { user } = useAuth();
  const [editing, setEditing] = useState(false);
  if (!user) return null;
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1">
        Profile
      </Typography>
      <Card variant="outlined" sx={{ maxWidth: 560 }}>
        <CardContent sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
          <Avatar
            src={user.profileImage ?? undefined}
            alt={`Profile picture of ${user.username}`}
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
            <Typography sx={{ mt: 1 }}>Contact number: {user.contactNumber || "not given"}</Typography>
            <Typography variant="body2" color="text.secondary">
              Role: {ROLE_NAME[user.role]}
            </Typography>
          </Box>
        </CardContent>
        <Box sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" onClick={() => setEditing(true)}>
            Edit Profile
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
const profileFormSchema = z.object({
  username: z.string().trim().min(1, "Username is required.").pipe(usernameRule),
  contactNumber: z.string().superRefine((value, ctx) => {
    if (!value.trim()) return;
    const checked = contactNumberRule.safeParse(value);
    if (!checked.success) ctx.addIssue({ code: "custom", message: checked.error.issues[0].message });
  }),
});

type ProfileForm = { username: string; contactNumber: string };

function EditProfileDialog({ user, onClose }: { user: StoredUser; onClose: () => void }) {
  const { updateUser } = useAuth();
  const notify = useNotify();
  const titleId = useId();
  const form = useForm<ProfileForm>({
    defaultValues: { username: user.username, contactNumber: user.contactNumber ?? "" },
    resolver: zodResolver(profileFormSchema, undefined, { raw: true }),
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
      setFailure(`Could not read the image: ${plainMessage(error)}`);
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
      if (!updated) throw new Error("No answer from the server.");
      updateUser({ ...user, ...updated });
      notify.success("Profile updated successfully!");
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, form.setError, ["username", "contactNumber"]);
      setFailure(`Failed to update profile. Please try again.\n${plainMessage(error)}`);
      setSaving(false);
    }
  });

  return (
    <Dialog open onClose={saving ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box component="form" onSubmit={save} noValidate>
        <DialogTitle id={titleId}>Edit Profile</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <ImagePicker
              label="Choose profile image"
              preview={preview}
              previewAlt="Profile picture preview"
              disabled={saving}
              onFile={pick}
            />
            <FormTextField
              control={form.control}
              name="username"
              label="Username"
              required
              hint=" "
              disabled={saving}
              autoComplete="username"
            />
            <FormTextField
              control={form.control}
              name="contactNumber"
              label="Contact Number"
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
            Cancel
          </Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {saving ? "Saving..." : "Save Changes"}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
