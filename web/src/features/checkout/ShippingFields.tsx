import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Control } from "react-hook-form";
import { useTranslation } from "react-i18next";
import { FormTextField } from "../../components/FormFields";
import type { ShippingForm } from "./validation";

/**
 * Address, city, postal code, country and contact number, each with its error inline; a campus
 * meetup (`withAddress` false) needs only the contact number.
 */
export function ShippingFields({ control, withAddress = true }: { control: Control<ShippingForm>; withAddress?: boolean }) {
  const { t } = useTranslation("checkout");
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 700 }}>
        {withAddress ? t("shipping.shippingDetails") : t("shipping.contactDetails")}
      </Typography>
      <Stack spacing={1.5}>
        {withAddress && <AddressFields control={control} />}
        <FormTextField
          control={control}
          name="contactNumber"
          label={t("shipping.contactNumber")}
          size="small"
          type="tel"
          required
          autoComplete="tel"
          placeholder="03001234567"
        />
      </Stack>
    </>
  );
}

function AddressFields({ control }: { control: Control<ShippingForm> }) {
  const { t } = useTranslation("checkout");
  return (
    <>
      <FormTextField control={control} name="address" label={t("shipping.address")} size="small" required autoComplete="street-address" />
      <Stack direction="row" spacing={1.5}>
        <FormTextField
          control={control}
          name="city"
          label={t("shipping.city")}
          size="small"
          required
          autoComplete="address-level2"
          fullWidth
        />
        <FormTextField
          control={control}
          name="postalCode"
          label={t("shipping.postalCode")}
          size="small"
          required
          autoComplete="postal-code"
          fullWidth
        />
      </Stack>
      <FormTextField control={control} name="country" label={t("shipping.country")} size="small" required autoComplete="country-name" />
    </>
  );
}
