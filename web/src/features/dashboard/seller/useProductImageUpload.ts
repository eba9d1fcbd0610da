import { useState } from "react";
import { useNotify } from "../../../components/Notify";
import { plainMessage } from "../../../components/errors";
import { useDashboardUploadImageMutation } from "../../../generated/hooks";
import { imageForUpload, pickedImageProblem } from "../../../lib/files";

/** Uploads a picked photo (checked and shrunk first) and hands its address on; the failure stays shown under the photos. */
export function useProductImageUpload(onUploaded: (url: string) => void) {
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
      if (!url) throw new Error("The server did not return an image address.");
      onUploaded(url);
      notify.success("Image uploaded successfully");
    } catch (error) {
      const message = `Image upload failed: ${plainMessage(error)}`;
      setUploadError(message);
      notify.error(message);
    } finally {
      setUploading(false);
    }
  };

  return { pickImage, uploading, uploadError };
}
