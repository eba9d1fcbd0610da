import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Control } from "react-hook-form";
import { FormTextField } from "../../components/FormFields";
import type { ShippingForm } from "./validation";

/**
 * Address, city, postal code, country and contact number, each with its error inline; a campus
 * meetup (`withAddress` false) needs only the contact number.
 */
export function ShippingFields({ control, withAddress = true }: { control: Control<ShippingForm>; withAddress?: boolean }) {
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ mt: 3, mb: 1, fontWeight: 700 }}>
        {withAddress ? "Shipping details" : "Contact details"}
      </Typography>
      <Stack spacing={1.5}>
        {withAddress && <AddressFields control={control} />}
        <FormTextField
          control={control}
          name="contactNumber"
          label="Contact number"
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
  return (
    <>
      <FormTextField control={control} name="address" label="Address" size="small" required autoComplete="street-address" />
      <Stack direction="row" spacing={1.5}>
        <FormTextField control={control} name="city" label="City" size="small" required autoComplete="address-level2" fullWidth />
        <FormTextField control={control} name="postalCode" label="Postal code" size="small" required autoComplete="postal-code" fullWidth />
      </Stack>
      <FormTextField control={control} name="country" label="Country" size="small" required autoComplete="country-name" />
    </>
  );
}
