import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { formatCount } from "../lib/format";
import { PaginationBar } from "./PaginationBar";

type Props = {
  page: number;
  pageSize: number;
  totalItems: number;
  totalPages: number;
  /** plural noun for the summary line and the navigation's name, in the reader's language, e.g. "products" */
  noun: string;
  onPage: (page: number) => void;
};

/** 'Showing X to Y of Z {noun}' above Previous, numbered pages and Next, as on the seller's product list. */
export function Pager({ page, pageSize, totalItems, totalPages, noun, onPage }: Props) {
  const { t } = useTranslation();
  if (totalItems === 0) return null;
  const from = (page - 1) * pageSize + 1;
  const to = Math.min(page * pageSize, totalItems);
  return (
    <Box sx={{ mt: 2 }}>
      <Typography variant="body2" color="text.secondary" sx={{ textAlign: "center" }}>
        {t("pager.showing", { from: formatCount(from), to: formatCount(to), total: formatCount(totalItems), noun })}
      </Typography>
      <PaginationBar
        page={page}
        totalPages={totalPages}
        onChange={onPage}
        label={t("pager.pages", { noun: `${noun.charAt(0).toUpperCase()}${noun.slice(1)}` })}
      />
    </Box>
  );
}
