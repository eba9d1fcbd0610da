import { useTranslation } from "react-i18next";
import { PictureLabel } from "../product/PictureLabel";

/** "Reserved" over a listing's picture, `inset` pixels from its top right corner: every unit left is held for another buyer. */
export function ReservedLabel({ size, inset }: { size?: "small" | "medium"; inset: number }) {
  const { t } = useTranslation();
  return (
    <PictureLabel corner="right" inset={inset} size={size} sx={{ bgcolor: "#7a3e00", color: "common.white" }}>
      {t("listing.reserved")}
    </PictureLabel>
  );
}
