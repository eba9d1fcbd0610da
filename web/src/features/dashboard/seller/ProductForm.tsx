import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm, useWatch } from "react-hook-form";
import { useDashboardCatalogOptionsQuery } from "../../../generated/hooks";
import { applyServerFieldErrors, plainMessage } from "../../../components/errors";
import { FormTextField } from "../../../components/FormFields";
import { ProductPhotos } from "./ProductPhotos";
import { ErrorState } from "../../../components/QueryState";
import { LoadingState } from "../../../components/LoadingState";
import { MAX_QUANTITY_AVAILABLE } from "@unibazaar/rules/limits";
import { useNotify } from "../../../components/Notify";
import { EMPTY_PRODUCT, FIELDS, REQUIRED, productFormSchema, type ProductValues } from "./productFormSchema";
import { useProductImageUpload } from "./useProductImageUpload";
import { useCatalogLabel } from "../../../lib/catalogLabels";

export { EMPTY_PRODUCT, type ProductValues } from "./productFormSchema";

type Props = {
  initial: ProductValues;
  /** the edit page also shows the old (struck-through) price */
  withOldPrice?: boolean;
  submitLabel: string;
  busyLabel: string;
  /** resolves when saved; throws to show the failure */
  onSubmit: (values: ProductValues) => Promise<void>;
  /** the red line under the form after a failed save, e.g. "Error adding product: ..." */
  failurePrefix: string;
  /** the notice after a failed save, e.g. "Failed to add product: ..." */
  failureNoticePrefix: string;
  /** clear the form after a successful save */
  resetOnSuccess?: boolean;
  /** the campus choice that sends none (a new listing then gets the verified seller's university campus) */
  noCampusLabel?: string;
};

/** The add-product and edit-product form: colour, old price and campus are optional; photos are uploaded first, the first is the main one. */
export function ProductForm({
  initial,
  withOldPrice = false,
  submitLabel,
  busyLabel,
  onSubmit,
  failurePrefix,
  failureNoticePrefix,
  resetOnSuccess = false,
  noCampusLabel,
}: Props) {
  const { t } = useTranslation("seller");
  const catalogLabel = useCatalogLabel();
  const notify = useNotify();
  const schema = useMemo(() => productFormSchema(t), [t]);
  const options = useDashboardCatalogOptionsQuery({ fetchPolicy: "cache-first" });
  const form = useForm<ProductValues>({ defaultValues: initial, resolver: zodResolver(schema, undefined, { raw: true }) });
  const { control, formState } = form;
  const images = useWatch({ control, name: "images" });
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState("");
  const busy = formState.isSubmitting;

  const setImages = (urls: string[]) => form.setValue("images", urls, { shouldValidate: formState.isSubmitted });
  const { pickImage, uploading, uploadError } = useProductImageUpload((url) => setImages([...form.getValues("images"), url]));

  // a new attempt starts clean: no red line, no notice of the previous failure left on screen
  const startAttempt = () => {
    setFailure("");
    notify.dismiss();
  };

  const submit = form.handleSubmit(
    async (values) => {
      startAttempt();
      setMissing(false);
      try {
        await onSubmit(values);
        if (resetOnSuccess) {
          form.reset(EMPTY_PRODUCT);
        }
      } catch (error) {
        setFailure(t("form.failure", { prefix: failurePrefix, detail: plainMessage(error) }));
        applyServerFieldErrors(error, form.setError, FIELDS);
        notify.error(t("form.failure", { prefix: failureNoticePrefix, detail: plainMessage(error) }));
      }
    },
    () => {
      startAttempt();
      setMissing(REQUIRED.some((field) => !form.getValues(field).trim()) || form.getValues("images").length === 0);
    },
  );

  if (options.error && !options.data)
    return <ErrorState error={options.error} message={t("form.optionsFailed")} onRetry={() => void options.refetch()} />;
  if (!options.data) return <LoadingState label={t("form.loading")} />;
  const { categories, colors, conditions, campuses } = options.data.catalogOptions;

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 760 }}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="name"
            label={t("form.name")}
            placeholder={t("form.namePlaceholder")}
            required
            fullWidth
            disabled={busy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="category" select label={t("form.category")} required fullWidth disabled={busy}>
            {categories.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {catalogLabel("category", c.slug, c.label)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="color" select label={t("form.colour")} fullWidth disabled={busy}>
            <MenuItem value="">{t("form.noColour")}</MenuItem>
            {colors.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {catalogLabel("color", c.slug, c.label)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: withOldPrice ? 6 : 12 }}>
          <FormTextField
            control={control}
            name="price"
            label={t("form.price")}
            type="number"
            required
            fullWidth
            disabled={busy}
            slotProps={{ htmlInput: { min: 0, step: "0.01", inputMode: "decimal" } }}
          />
        </Grid>
        {withOldPrice && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormTextField
              control={control}
              name="oldPrice"
              label={t("form.oldPrice")}
              type="number"
              fullWidth
              disabled={busy}
              hint={t("form.oldPriceHint")}
              slotProps={{ htmlInput: { min: 0, step: "0.01", inputMode: "decimal" } }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="quantityAvailable"
            label={t("form.quantity")}
            type="number"
            required
            fullWidth
            disabled={busy}
            hint={t("form.quantityHint")}
            slotProps={{ htmlInput: { min: 0, max: MAX_QUANTITY_AVAILABLE, step: 1, inputMode: "numeric" } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="condition" select label={t("form.condition")} required fullWidth disabled={busy}>
            {conditions.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {catalogLabel("condition", c.slug, c.label)}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="campus"
            select
            label={t("form.campus")}
            fullWidth
            disabled={busy}
            hint={t("form.campusHint")}
          >
            <MenuItem value="">{noCampusLabel ?? t("form.noCampus")}</MenuItem>
            {campuses.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          <Typography component="p" variant="subtitle2" sx={{ mb: 1 }}>
            {t("form.photos")}
          </Typography>
          <ProductPhotos
            photos={images}
            onChange={setImages}
            onFile={(file) => void pickImage(file)}
            uploading={uploading}
            disabled={busy}
          />
          {(uploadError || formState.errors.images) && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {uploadError || formState.errors.images?.message}
            </Alert>
          )}
        </Grid>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="description"
            label={t("form.description")}
            placeholder={t("form.descriptionPlaceholder")}
            required
            fullWidth
            multiline
            rows={6}
            disabled={busy}
          />
        </Grid>
        {missing && (
          <Grid size={12}>
            <Alert severity="warning">{t("form.fillAll")}</Alert>
          </Grid>
        )}
        <Grid size={12}>
          <Button type="submit" variant="contained" size="large" disabled={busy || uploading}>
            {busy ? busyLabel : submitLabel}
          </Button>
          {failure && (
            <Typography role="alert" color="error" sx={{ mt: 1 }}>
              {failure}
            </Typography>
          )}
        </Grid>
      </Grid>
    </Box>
  );
}
