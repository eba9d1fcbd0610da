import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { CatalogOptionsQuery, WantedPostFieldsFragment } from "../../generated/graphql";
import { useCatalogLabel } from "../../lib/catalogLabels";
import { formatDate, formatPKR } from "../../lib/format";

type Options = CatalogOptionsQuery["catalogOptions"] | undefined;

/** One wanted post as the board and the author's list show it; `actions` are the caller's buttons. */
export function WantedPostCard({ post, options, actions }: { post: WantedPostFieldsFragment; options: Options; actions: ReactNode }) {
  const { t } = useTranslation("wanted");
  const catalogLabel = useCatalogLabel();
  const category = catalogLabel("category", post.category, options?.categories.find((c) => c.slug === post.category)?.label);
  const campus = post.campus ? (options?.campuses.find((c) => c.slug === post.campus)?.label ?? post.campus) : null;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2, listStyle: "none" }} aria-label={post.title}>
      <Typography sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>{t("card.lookingFor", { title: post.title })}</Typography>
      {post.details && (
        <Typography dir="auto" variant="body2" color="text.secondary" sx={{ mt: 0.5, overflowWrap: "anywhere" }}>
          {post.details}
        </Typography>
      )}
      <Stack direction="row" sx={{ flexWrap: "wrap", gap: 1, mt: 1, alignItems: "center" }}>
        <Chip size="small" label={category} />
        {campus && <Chip size="small" label={campus} />}
        {post.maxPrice != null && <Chip size="small" color="primary" label={t("card.upTo", { price: formatPKR(post.maxPrice) })} />}
        <Typography variant="caption" color="text.secondary">
          {post.closedAt ? t("card.closed") : t("card.until", { date: formatDate(post.expiresAt) })}
        </Typography>
        <Stack direction="row" sx={{ gap: 1, marginInlineStart: "auto" }}>
          {actions}
        </Stack>
      </Stack>
    </Paper>
  );
}

export function AnswerButton({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  const { t } = useTranslation("wanted");
  return (
    <Button size="small" variant="contained" onClick={onClick} disabled={disabled}>
      {t("card.answer")}
    </Button>
  );
}
