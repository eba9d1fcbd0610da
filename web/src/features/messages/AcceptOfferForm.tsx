import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { RESERVATION_DEFAULT_HOURS, RESERVATION_MAX_HOURS, RESERVATION_MIN_HOURS, reservationHoursRule } from "@unibazaar/rules";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useAcceptOfferMutation } from "../../generated/hooks";
import { durationLabel } from "./durationLabel";
import { InlineFormActions } from "./InlineFormActions";

/** The hours a seller picks from, within the server's 2 to 72. */
const HOLDS = [RESERVATION_MIN_HOURS, 6, 12, RESERVATION_DEFAULT_HOURS, 48, RESERVATION_MAX_HOURS];

// named as the mutation's argument, so the server's field error lands on it
const acceptSchema = z.object({ reserveHours: reservationHoursRule });

/** The seller accepts an offer and picks how long its unit is held for the buyer (24 hours unless changed). */
export function AcceptOfferForm({ offerId, onDone }: { offerId: string; onDone: () => void }) {
  const { t } = useTranslation("messages");
  const notify = useNotify();
  const form = useForm({ defaultValues: { reserveHours: RESERVATION_DEFAULT_HOURS }, resolver: zodResolver(acceptSchema) });
  const [accept, accepting] = useAcceptOfferMutation({ refetchQueries: ["ConversationThread"] });

  const submit = form.handleSubmit(async ({ reserveHours }) => {
    try {
      await accept({ variables: { offerId, reserveHours } });
      notify.success(t("offer.acceptedFor", { hold: durationLabel(t, reserveHours) }));
      onDone();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["reserveHours"])) notify.error(errorMessage(e, t("offer.notAccepted")));
    }
  });

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} noValidate aria-label={t("offer.acceptForm")} sx={{ mt: 1 }}>
      <Stack spacing={1}>
        <FormTextField
          control={form.control}
          name="reserveHours"
          select
          label={t("offer.reserveFor")}
          size="small"
          hint={t("offer.reserveHint")}
        >
          {HOLDS.map((h) => (
            <MenuItem key={h} value={h}>
              {durationLabel(t, h)}
            </MenuItem>
          ))}
        </FormTextField>
        <InlineFormActions label={t("offer.acceptAndReserve")} busy={accepting.loading} onCancel={onDone} />
      </Stack>
    </Box>
  );
}
