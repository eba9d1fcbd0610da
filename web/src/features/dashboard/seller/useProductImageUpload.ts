import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNotify } from "../../../components/Notify";
import { plainMessage } from "../../../components/errors";
import { useDashboardUploadImageMutation } from "../../../generated/hooks";
import { imageForUpload, pickedImageProblem } from "../../../lib/files";

/** Uploads a picked photo (checked and shrunk first) and hands its address on; the failure stays shown under the photos. */
export function useProductImageUpload(onUploaded: (url: string) => void) {
  const { t } = useTranslation("seller");
  const notify = useNotify();
  const [upload] = useDashboardUploadImageMutation();
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState("");

  const pickImage = async (file: File) => {
    const problem = pickedImageProblem(file);
    setUploadError(problem ?? "");
    if (problem) return;
    setUploading(true);
    try {
      const dataUrl = await imageForUpload(file);
      const result = await upload({ variables: { dataUrl } });
      const url = result.data?.uploadImage.url;
      if (!url) throw new Error(t("photos.noAddress"));
      onUploaded(url);
      notify.success(t("photos.uploaded"));
    } catch (error) {
      const message = t("photos.uploadFailed", { detail: plainMessage(error) });
      setUploadError(message);
      notify.error(message);
    } finally {
      setUploading(false);
    }
  };

  return { pickImage, uploading, uploadError };
}
