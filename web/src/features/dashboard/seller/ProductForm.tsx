import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState, type FormEvent } from "react";
import { useDashboardCatalogOptionsQuery, useDashboardUploadImageMutation } from "../../../generated/hooks";
import { fieldErrors, plainMessage } from "../../../components/errors";
import { readFileAsDataUrl } from "../common/files";
import { ImagePicker } from "../common/ImagePicker";
import { ErrorState } from "../../../components/QueryState";
import { LoadingState } from "../common/states";
import { useNotify } from "../../../components/Notify";

export type ProductValues = {
  name: string;
  category: string;
  color: string;
  price: string;
  oldPrice: string;
  image: string;
  description: string;
  /** units for sale; "1" for a single item */
  quantityAvailable: string;
  /** condition and campus slugs; "" = no campus */
  condition: string;
  campus: string;
};

export const EMPTY_PRODUCT: ProductValues = {
  name: "",
  category: "",
  color: "",
  price: "",
  oldPrice: "",
  image: "",
  description: "",
  quantityAvailable: "1",
  condition: "good",
  campus: "",
};

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
};

/** The add-product and edit-product form: every field is required (spec section 5), the image is uploaded first. */
export function ProductForm({
  initial,
  withOldPrice = false,
  submitLabel,
  busyLabel,
  onSubmit,
  failurePrefix,
  failureNoticePrefix,
  resetOnSuccess = false,
}: Props) {
  const notify = useNotify();
  const options = useDashboardCatalogOptionsQuery({ fetchPolicy: "cache-first" });
  const [upload] = useDashboardUploadImageMutation();
  const [values, setValues] = useState<ProductValues>(initial);
  const [preview, setPreview] = useState<string | null>(initial.image || null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState("");
  const [missing, setMissing] = useState(false);
  const [failure, setFailure] = useState("");
  // the server's per-field messages (BAD_USER_INPUT), keyed by the form field they concern
  const [problems, setProblems] = useState<Partial<Record<keyof ProductValues, string>>>({});
  const [busy, setBusy] = useState(false);

  const set = (field: keyof ProductValues) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const pickImage = async (file: File) => {
    setUploadError("");
    setUploading(true);
    try {
      const dataUrl = await readFileAsDataUrl(file);
      setPreview(dataUrl);
      const result = await upload({ variables: { dataUrl } });
      const url = result.data?.uploadImage.url;
      if (!url) throw new Error("The server did not return an image address.");
      setValues((v) => ({ ...v, image: url }));
      setPreview(url);
      notify.success("Image uploaded successfully");
    } catch (error) {
      const message = `Image upload failed: ${plainMessage(error)}`;
      setUploadError(message);
      setPreview(values.image || null);
      notify.error(message);
    } finally {
      setUploading(false);
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure("");
    setProblems({});
    const required: Array<keyof ProductValues> = ["name", "category", "color", "price", "image", "description", "quantityAvailable"];
    if (required.some((field) => !values[field].trim())) {
      setMissing(true);
      return;
    }
    setMissing(false);
    setBusy(true);
    try {
      await onSubmit(values);
      if (resetOnSuccess) {
        setValues(EMPTY_PRODUCT);
        setPreview(null);
      }
    } catch (error) {
      setFailure(`${failurePrefix}: ${plainMessage(error)}`);
      const byField: Partial<Record<keyof ProductValues, string>> = {};
      for (const [key, message] of Object.entries(fieldErrors(error))) {
        const field = key.split(".").pop() as keyof ProductValues;
        if (field in EMPTY_PRODUCT) byField[field] = message;
      }
      setProblems(byField);
      notify.error(`${failureNoticePrefix}: ${plainMessage(error)}`);
    } finally {
      setBusy(false);
    }
  };

  const problem = (field: keyof ProductValues) => (problems[field] ? { error: true, helperText: problems[field] } : {});

  if (options.error && !options.data)
    return <ErrorState message={`Failed to load categories and colors: ${options.error.message}`} onRetry={() => void options.refetch()} />;
  if (!options.data) return <LoadingState label="Loading form..." />;
  const { categories, colors, conditions, campuses } = options.data.catalogOptions;

  return (
    <Box component="form" onSubmit={submit} noValidate sx={{ maxWidth: 760 }}>
      <Grid container spacing={2}>
        <Grid size={12}>
          <TextField
            label="Product Name"
            placeholder="Diamond Earrings"
            value={values.name}
            onChange={set("name")}
            required
            fullWidth
            disabled={busy}
            {...problem("name")}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Category"
            value={values.category}
            onChange={set("category")}
            required
            fullWidth
            disabled={busy}
            {...problem("category")}
          >
            {categories.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Color"
            value={values.color}
            onChange={set("color")}
            required
            fullWidth
            disabled={busy}
            {...problem("color")}
          >
            {colors.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: withOldPrice ? 6 : 12 }}>
          <TextField
            label="Price (PKR)"
            type="number"
            value={values.price}
            onChange={set("price")}
            required
            fullWidth
            disabled={busy}
            {...problem("price")}
            slotProps={{ htmlInput: { min: 0, step: "0.01", inputMode: "decimal" } }}
          />
        </Grid>
        {withOldPrice && (
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              label="Old Price (PKR, optional)"
              type="number"
              value={values.oldPrice}
              onChange={set("oldPrice")}
              fullWidth
              disabled={busy}
              error={Boolean(problems.oldPrice)}
              helperText={problems.oldPrice ?? "Shown struck through next to the price."}
              slotProps={{ htmlInput: { min: 0, step: "0.01", inputMode: "decimal" } }}
            />
          </Grid>
        )}
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            label="Quantity available"
            type="number"
            value={values.quantityAvailable}
            onChange={set("quantityAvailable")}
            required
            fullWidth
            disabled={busy}
            error={Boolean(problems.quantityAvailable)}
            helperText={problems.quantityAvailable ?? "1 for a single item; 0 marks it sold, more relists it."}
            slotProps={{ htmlInput: { min: 0, max: 999, step: 1, inputMode: "numeric" } }}
          />
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Condition"
            value={values.condition}
            onChange={set("condition")}
            required
            fullWidth
            disabled={busy}
            {...problem("condition")}
          >
            {conditions.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={{ xs: 12, sm: 6 }}>
          <TextField
            select
            label="Campus"
            value={values.campus}
            onChange={set("campus")}
            fullWidth
            disabled={busy}
            error={Boolean(problems.campus)}
            helperText={problems.campus ?? "Where buyers meet you to collect it."}
          >
            <MenuItem value="">No campus</MenuItem>
            {campuses.map((c) => (
              <MenuItem key={c.slug} value={c.slug}>
                {c.label}
              </MenuItem>
            ))}
          </TextField>
        </Grid>
        <Grid size={12}>
          <Typography component="p" variant="subtitle2" sx={{ mb: 1 }}>
            Product image *
          </Typography>
          <ImagePicker
            label={uploading ? "Uploading..." : values.image ? "Change image" : "Upload image"}
            preview={preview}
            previewAlt="Product image preview"
            disabled={busy || uploading}
            onFile={pickImage}
          />
          {uploadError && (
            <Alert severity="error" sx={{ mt: 1 }}>
              {uploadError}
            </Alert>
          )}
        </Grid>
        <Grid size={12}>
          <TextField
            label="Description"
            placeholder="Describe the product and its condition. You must mention your contact number here so buyers can reach you."
            value={values.description}
            onChange={set("description")}
            required
            fullWidth
            multiline
            rows={6}
            disabled={busy}
            {...problem("description")}
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
