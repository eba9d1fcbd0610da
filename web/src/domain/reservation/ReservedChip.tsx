import Chip, { type ChipProps } from "@mui/material/Chip";
import { useTranslation } from "react-i18next";

/** "Reserved" over a listing's picture, `inset` pixels from its top right corner: every unit left is held for another buyer. */
export function ReservedChip({ size, inset }: { size?: ChipProps["size"]; inset: number }) {
  const { t } = useTranslation();
  return (
    <Chip
      label={t("listing.reserved")}
      size={size}
      sx={{ position: "absolute", top: inset, right: inset, fontWeight: 700, bgcolor: "#7a3e00", color: "common.white" }}
    />
  );
}
