import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import CloseIcon from "@mui/icons-material/Close";
import { useTranslation } from "react-i18next";
import type { ActiveFilter } from "./ActiveFilters";

/** One removable chip per active filter, above the results (loaded once a filter is on: Chip is not in the shop's first load). */
export function ActiveFilterChips({ filters, onRemove }: { filters: ActiveFilter[]; onRemove: (key: ActiveFilter["key"]) => void }) {
  const { t } = useTranslation("shop");
  return (
    <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, mb: 2 }} aria-label={t("filters.active")} role="group">
      {filters.map((f) => (
        <Chip
          key={f.key}
          label={f.label}
          onDelete={() => onRemove(f.key)}
          size="small"
          deleteIcon={<CloseIcon aria-label={t("filters.remove", { filter: f.label })} />}
        />
      ))}
    </Box>
  );
}
