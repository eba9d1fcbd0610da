import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import TextField from "@mui/material/TextField";
import { useRef, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { MESSAGE_MAX_LENGTH } from "@unibazaar/rules/limits";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { useDashboardUploadImageMutation, useSendMessageMutation } from "../../generated/hooks";
import { readFileAsDataUrl, imageForUpload, pickedImageProblem } from "../../lib/files";

/** The message box with its photo button: text, a photo, or both, sent as one message. */
export function ChatComposer({ conversationId }: { conversationId: string }) {
  const { t } = useTranslation("messages");
  const notify = useNotify();
  const [body, setBody] = useState("");
  // the picked photo and its preview, sent with (or without) the text
  const [photo, setPhoto] = useState<{ file: File; preview: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const [upload] = useDashboardUploadImageMutation();
  const [send, sending] = useSendMessageMutation({ refetchQueries: ["ConversationThread"] });
  const text = body.trim();
  const busy = uploading || sending.loading;

  const pick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = pickedImageProblem(file);
    if (problem) return notify.error(problem);
    try {
      setPhoto({ file, preview: await readFileAsDataUrl(file) });
    } catch (e) {
      notify.error(errorMessage(e, t("composer.unreadable")));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text && !photo) return;
    setUploading(true);
    try {
      let image: string | undefined;
      if (photo) {
        const uploaded = await upload({ variables: { dataUrl: await imageForUpload(photo.file) } });
        image = uploaded.data?.uploadImage.url;
      }
      setUploading(false);
      await send({ variables: { conversationId, body: text || undefined, image } });
      setBody("");
      setPhoto(null);
    } catch (e) {
      notify.error(errorMessage(e, t("composer.notSent")));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} sx={{ display: "flex", flexDirection: "column", gap: 1 }}>
      {photo && (
        <Box sx={{ display: "flex", alignItems: "center", gap: 1 }}>
          <Box
            component="img"
            src={photo.preview}
            alt={t("composer.photoToSend")}
            sx={{ width: 64, height: 64, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider" }}
          />
          <Button size="small" onClick={() => setPhoto(null)} disabled={busy}>
            {t("composer.removePhoto")}
          </Button>
        </Box>
      )}
      <Box sx={{ display: "flex", gap: 1, alignItems: "flex-end" }}>
        <Button
          variant="outlined"
          aria-label={t("composer.photo")}
          onClick={() => fileInput.current?.click()}
          disabled={busy}
          sx={{ minWidth: 0, px: 1.25, py: 0.9 }}
        >
          <PhotoCameraIcon aria-hidden="true" />
        </Button>
        {/* the real file input, opened by the Photo button */}
        <input ref={fileInput} type="file" accept="image/jpeg,image/png,image/webp,image/gif" hidden onChange={(e) => void pick(e)} />
        <TextField
          label={t("composer.message")}
          value={body}
          onChange={(e) => setBody(e.target.value)}
          multiline
          maxRows={4}
          fullWidth
          size="small"
          slotProps={{ htmlInput: { maxLength: MESSAGE_MAX_LENGTH } }}
        />
        <Button type="submit" variant="contained" disabled={(!text && !photo) || busy}>
          {t("composer.send")}
        </Button>
      </Box>
    </Box>
  );
}
