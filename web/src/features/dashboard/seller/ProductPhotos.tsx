import ArrowBackIcon from "@mui/icons-material/ArrowBack";
import DeleteIcon from "@mui/icons-material/Delete";
import StarIcon from "@mui/icons-material/Star";
import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { MAX_PRODUCT_PHOTOS } from "@unibazaar/rules";
import { useTranslation } from "react-i18next";
import { ImagePicker } from "../common/ImagePicker";

type Props = {
  /** uploaded photo addresses, the main one first */
  photos: string[];
  onChange: (photos: string[]) => void;
  onFile: (file: File) => void;
  uploading: boolean;
  disabled: boolean;
};

const moved = (photos: string[], from: number, to: number) => {
  const next = photos.filter((_, i) => i !== from);
  next.splice(to, 0, photos[from]);
  return next;
};

/** The listing's photos: add up to the server's limit, remove, move one earlier or make it the main (first) photo. */
export function ProductPhotos({ photos, onChange, onFile, uploading, disabled }: Props) {
  const { t } = useTranslation("seller");
  const full = photos.length >= MAX_PRODUCT_PHOTOS;
  return (
    <Stack spacing={1}>
      <Box
        component="ul"
        aria-label={t("photos.label")}
        sx={{ display: "flex", flexWrap: "wrap", gap: 1.5, p: 0, m: 0, listStyle: "none" }}
      >
        {photos.map((url, i) => (
          <Box component="li" key={url} sx={{ width: 104 }}>
            <Box
              component="img"
              src={url}
              alt={i === 0 ? t("photos.mainAlt") : t("photos.alt", { n: i + 1 })}
              sx={{ width: 104, height: 104, objectFit: "cover", borderRadius: 1, border: 1, borderColor: "divider", display: "block" }}
            />
            <Stack direction="row" sx={{ alignItems: "center", justifyContent: "space-between" }}>
              {i === 0 ? (
                <Chip size="small" color="primary" label={t("photos.main")} />
              ) : (
                <>
                  <IconButton
                    size="small"
                    aria-label={t("photos.makeMain", { n: i + 1 })}
                    disabled={disabled}
                    onClick={() => onChange(moved(photos, i, 0))}
                  >
                    <StarIcon fontSize="small" />
                  </IconButton>
                  {i > 1 && (
                    <IconButton
                      size="small"
                      aria-label={t("photos.moveEarlier", { n: i + 1 })}
                      disabled={disabled}
                      onClick={() => onChange(moved(photos, i, i - 1))}
                    >
                      <ArrowBackIcon fontSize="small" />
                    </IconButton>
                  )}
                </>
              )}
              <IconButton
                size="small"
                aria-label={t("photos.remove", { n: i + 1 })}
                disabled={disabled}
                onClick={() => onChange(photos.filter((_, j) => j !== i))}
              >
                <DeleteIcon fontSize="small" />
              </IconButton>
            </Stack>
          </Box>
        ))}
      </Box>
      {full ? (
        <Typography variant="body2" color="text.secondary">
          {t("photos.full", { max: MAX_PRODUCT_PHOTOS })}
        </Typography>
      ) : (
        <ImagePicker
          label={uploading ? t("photos.uploading") : photos.length ? t("photos.addAnother") : t("photos.add")}
          disabled={disabled || uploading}
          onFile={onFile}
        />
      )}
      <Typography variant="caption" color="text.secondary">
        {t("photos.hint", { max: MAX_PRODUCT_PHOTOS })}
      </Typography>
    </Stack>
  );
}
