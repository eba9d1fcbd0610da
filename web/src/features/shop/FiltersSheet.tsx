import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Drawer from "@mui/material/Drawer";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import CloseIcon from "@mui/icons-material/Close";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

type FiltersSheetProps = {
  open: boolean;
  onClose: () => void;
  /** The filters panel. */
  children: ReactNode;
  /** E.g. "Show 63 products". */
  showLabel: string;
};

/** A phone's filters: a sheet from the bottom, loaded the first time "Filters" is pressed. */
export function FiltersSheet({ open, onClose, children, showLabel }: FiltersSheetProps) {
  const { t } = useTranslation("shop");
  return (
    <Drawer
      anchor="bottom"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { maxHeight: "85vh", borderTopLeftRadius: 16, borderTopRightRadius: 16 } } }}
    >
      <Box sx={{ p: 2, pb: 3 }} role="region" aria-label={t("filters.heading")}>
        <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", mb: 1 }}>
          <Typography variant="h6" component="h2">
            {t("filters.heading")}
          </Typography>
          <IconButton onClick={onClose} aria-label={t("filters.close")}>
            <CloseIcon />
          </IconButton>
        </Box>
        {children}
        <Button variant="contained" fullWidth sx={{ mt: 2 }} onClick={onClose}>
          {showLabel}
        </Button>
      </Box>
    </Drawer>
  );
}
