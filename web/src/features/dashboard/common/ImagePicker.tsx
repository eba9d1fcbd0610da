import PhotoCameraIcon from "@mui/icons-material/PhotoCamera";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useRef, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  label: string;
  /** what to show as the current picture (a URL or a data URL), if any; undefined shows no preview box at all */
  preview?: string | null;
  previewAlt?: string;
  disabled?: boolean;
  onFile: (file: File) => void;
};

/** A labelled "choose image" button with a preview of the chosen or current picture. */
export function ImagePicker({ label, preview, previewAlt, disabled = false, onFile }: Props) {
  const { t } = useTranslation("dashboard");
  const input = useRef<HTMLInputElement>(null);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const files = event.target.files;
    // several files chosen -> nothing is uploaded (the input takes one anyway)
    if (files && files.length === 1) onFile(files[0]);
    event.target.value = "";
  };
  return (
    <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
      {preview === undefined ? null : preview ? (
        <Box
          component="img"
          src={preview}
          alt={previewAlt}
          sx={{ width: 96, height: 96, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider" }}
        />
      ) : (
        <Box
          sx={{
            width: 96,
            height: 96,
            borderRadius: 1,
            border: 1,
            borderStyle: "dashed",
            borderColor: "divider",
            display: "grid",
            placeItems: "center",
          }}
        >
          <Typography variant="caption" color="text.secondary">
            {t("imagePicker.noImage")}
          </Typography>
        </Box>
      )}
      <Button
        variant="outlined"
        startIcon={<PhotoCameraIcon aria-hidden="true" />}
        disabled={disabled}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
      {/* the real file input, opened by the button above */}
      <input ref={input} type="file" accept="image/jpeg,image/png,image/webp,image/gif" hidden disabled={disabled} onChange={onChange} />
    </Box>
  );
}
