import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import usePagination from "@mui/material/usePagination";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import { useTranslation } from "react-i18next";

type PaginationBarProps = {
  page: number;
  totalPages: number;
  /** Called only with a page inside 1..totalPages other than the current one. */
  onChange: (page: number) => void;
  /** Names the list for screen readers, e.g. "Products pages". */
  label?: string;
};

/**
 * Previous, numbered pages and Next. Previous is disabled on page 1 and Next on the last page;
 * a page outside 1..totalPages is never requested. On phones "Page n of m" stands in for the numbers.
 */
export function PaginationBar({ page, totalPages, onChange, label }: PaginationBarProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const { items } = usePagination({
    count: totalPages,
    page,
    siblingCount: 1,
    boundaryCount: 1,
    hidePrevButton: true,
    hideNextButton: true,
  });
  if (totalPages <= 1) return null;
  const go = (target: number) => {
    if (target >= 1 && target <= totalPages && target !== page) onChange(target);
  };
  return (
    <Box
      component="nav"
      aria-label={label ?? t("pagination.label")}
      sx={{ display: "flex", alignItems: "center", justifyContent: "center", gap: { xs: 0.5, sm: 1 }, flexWrap: "wrap", my: 3 }}
    >
      <Button
        variant="outlined"
        size="small"
        onClick={() => go(page - 1)}
        disabled={page <= 1}
        startIcon={<ChevronLeft />}
        sx={{ minWidth: 0 }}
      >
        {t("pagination.previous")}
      </Button>
      {phone ? (
        <Typography component="span" variant="body2" sx={{ px: 1.5, fontWeight: 600 }} aria-current="page">
          {t("pagination.pageOf", { page, totalPages })}
        </Typography>
      ) : (
        items.map((item, index) =>
          item.type === "page" ? (
            <Button
              key={index}
              size="small"
              variant={item.selected ? "contained" : "text"}
              onClick={() => go(item.page ?? page)}
              aria-current={item.selected ? "page" : undefined}
              aria-label={t("pagination.page", { page: item.page })}
              sx={{ minWidth: 36, px: 1 }}
            >
              {item.page}
            </Button>
          ) : (
            <Typography key={index} component="span" color="text.secondary" aria-hidden="true" sx={{ px: 0.5 }}>
              …
            </Typography>
          ),
        )
      )}
      <Button
        variant="outlined"
        size="small"
        onClick={() => go(page + 1)}
        disabled={page >= totalPages}
        endIcon={<ChevronRight />}
        sx={{ minWidth: 0 }}
      >
        {t("pagination.next")}
      </Button>
    </Box>
  );
}
