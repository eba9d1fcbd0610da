import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { useState } from "react";
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
  noCampusLabel = "No campus",
}: Props) {
  const notify = useNotify();
  const options = useDashboardCatalogOptionsQuery({ fetchPolicy: "cache-first" });
  const form = useForm<ProductValues>({ defaultValues: initial, resolver: zodResolver(productFormSchema, undefined, { raw: true }) });
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
        setFailure(`${failurePrefix}: ${plainMessage(error)}`);
        applyServerFieldErrors(error, form.setError, FIELDS);
        notify.error(`${failureNoticePrefix}: ${plainMessage(error)}`);
      }
    },
    () => {
      startAttempt();
      setMissing(REQUIRED.some((field) => !form.getValues(field).trim()) || form.getValues("images").length === 0);
    },
  );

  if (options.error && !options.data)
    return <ErrorState message={`Failed to load categories and colors: ${options.error.message}`} onRetry={() => void options.refetch()} />;
  if (!options.data) return <LoadingState label="Loading form..." />;
  const { categories, colors, conditions, campuses } = options.data.catalogOptions;

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 760 }}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <FormTextField
            control={control}
            name="name"
            label="Product Name"
            placeholder="Diamond Earrings"
            required
            fullWidth
            disabled={busy}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="category" select label="Category" required fullWidth disabled={busy}>
            {categories.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="color" select label="Colour (optional)" fullWidth disabled={busy}>
            <MenuItem value="">No colour</MenuItem>
            {colors.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: withOldPrice ? 6 : 12 }}>
          <FormTextField
            control={control}
            name="price"
            label="Price (PKR)"
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
              label="Old Price (PKR, optional)"
              type="number"
              fullWidth
              disabled={busy}
              hint="Shown struck through next to the price."
              slotProps={{ htmlInput: { min: 0, step: "0.01", inputMode: "decimal" } }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="quantityAvailable"
            label="Quantity available"
            type="number"
            required
            fullWidth
            disabled={busy}
            hint="1 for a single item; 0 marks it sold, more relists it."
            slotProps={{ htmlInput: { min: 0, max: MAX_QUANTITY_AVAILABLE, step: 1, inputMode: "numeric" } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField control={control} name="condition" select label="Condition" required fullWidth disabled={busy}>
            {conditions.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <FormTextField
            control={control}
            name="campus"
            select
            label="Campus"
            fullWidth
            disabled={busy}
            hint="Where buyers meet you to collect it."
          >
            <MenuItem value="">{noCampusLabel}</MenuItem>
            {campuses.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </FormTextField>
        </Grid>
        <Grid size={12}>
          <Typography component="p" variant="subtitle2" sx={{ mb: 1 }}>
            Product photos *
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
            label="Description"
            placeholder="What it is, its edition or model, and its condition. No need for your phone number: buyers message you on UniBazaar."
            required
            fullWidth
            multiline
            rows={6}
            disabled={busy}
          />
        </Grid>
        {missing && (
          <Grid size={12}>
            <Alert severity="warning">Please fill in all fields.</Alert>
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
