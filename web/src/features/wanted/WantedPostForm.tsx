import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { MyWantedPostsDocument, WantedPostsDocument, type CatalogOptionsQuery } from "../../generated/graphql";
import { usePostWantedMutation } from "../../generated/hooks";
import { useCatalogLabel } from "../../lib/catalogLabels";

type Values = { title: string; details: string; maxPrice: string; category: string; campus: string; expiresInDays: string };
const FIELDS = ["title", "details", "maxPrice", "category", "campus", "expiresInDays"] as const;

/** "Looking for...": a new wanted post. The server checks every field and answers per-field messages, shown inline. */
export function WantedPostForm({ options, onDone }: { options: CatalogOptionsQuery["catalogOptions"] | undefined; onDone: () => void }) {
  const { t } = useTranslation("wanted");
  const catalogLabel = useCatalogLabel();
  const notify = useNotify();
  const [failure, setFailure] = useState("");
  const form = useForm<Values>({
    defaultValues: { title: "", details: "", maxPrice: "", category: "", campus: "", expiresInDays: "14" },
  });
  const [post, { loading }] = usePostWantedMutation({ refetchQueries: [WantedPostsDocument, MyWantedPostsDocument] });
  const onSubmit = form.handleSubmit(async (v) => {
    setFailure("");
    try {
      await post({
        variables: {
          input: {
            title: v.title,
            details: v.details || null,
            maxPrice: v.maxPrice.trim() ? Number(v.maxPrice) : null,
            category: v.category,
            campus: v.campus || null,
            expiresInDays: Number(v.expiresInDays),
          },
        },
      });
      notify.success(t("form.posted"));
      onDone();
    } catch (error) {
      if (!applyServerFieldErrors(error, form.setError, FIELDS)) setFailure(errorMessage(error, t("form.failed")));
    }
  });
  return (
    <Stack component="form" noValidate onSubmit={(e) => void onSubmit(e)} sx={{ gap: 2 }} aria-label={t("form.title")}>
      <FormTextField control={form.control} name="title" label={t("form.titleLabel")} placeholder={t("form.titlePlaceholder")} required />
      <FormTextField control={form.control} name="details" label={t("form.details")} multiline minRows={2} />
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2 }}>
        <FormTextField control={form.control} name="category" label={t("form.category")} select required sx={{ flex: 1 }}>
          {(options?.categories ?? []).map((c) => (
            <MenuItem key={c.slug} value={c.slug}>
              {catalogLabel("category", c.slug, c.label)}
            </MenuItem>
          ))}
        </FormTextField>
        <FormTextField control={form.control} name="campus" label={t("form.campus")} select sx={{ flex: 1 }}>
          <MenuItem value="">{t("form.anyCampus")}</MenuItem>
          {(options?.campuses ?? []).map((c) => (
            <MenuItem key={c.slug} value={c.slug}>
              {c.label}
            </MenuItem>
          ))}
        </FormTextField>
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} sx={{ gap: 2 }}>
        <FormTextField control={form.control} name="maxPrice" label={t("form.maxPrice")} inputMode="decimal" sx={{ flex: 1 }} />
        <FormTextField control={form.control} name="expiresInDays" label={t("form.days")} inputMode="numeric" sx={{ flex: 1 }} />
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      <Stack direction="row" sx={{ gap: 1, justifyContent: "flex-end" }}>
        <Button onClick={onDone}>{t("form.cancel")}</Button>
        <Button type="submit" variant="contained" disabled={loading}>
          {t("form.submit")}
        </Button>
      </Stack>
    </Stack>
  );
}
