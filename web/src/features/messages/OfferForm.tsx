import Box from "@mui/material/Box";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { OFFER_DEFAULT_HOURS, OFFER_EXPIRY_CHOICES, offerExpiryRule, priceRule } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../components/errors";
import { FormErrorAlert, FormTextField } from "../../components/FormFields";
import { useNotify } from "../../components/Notify";
import { useCounterOfferMutation, useMakeOfferMutation } from "../../generated/hooks";
import { durationLabel } from "./durationLabel";
import { InlineFormActions } from "./InlineFormActions";

/** The amount as typed (a number box gives text) checked with the server's price rule; the expiry from the server's range. */
const offerSchemaFor = (t: TFunction<"messages">) =>
  z.object({
    amount: z
      .string()
      .trim()
      .min(1, t("offer.enterAmount"))
      .transform(Number)
      .pipe(z.number().positive(t("offer.enterAmount")).pipe(priceRule("Offer"))),
    expiresInHours: offerExpiryRule,
  });
type OfferSchema = ReturnType<typeof offerSchemaFor>;
type Values = z.input<OfferSchema>;
const FIELDS = ["amount", "expiresInHours"] as const;

/**
 * The amount (in Rs) and expiry of a new offer: the buyer's first (`conversationId`) or either
 * party's counter to `offerId`. The rules are the server's; its field errors show on the fields.
 */
export function OfferForm({ conversationId, offerId, onDone }: { conversationId?: string; offerId?: string; onDone: () => void }) {
  const { t } = useTranslation("messages");
  const notify = useNotify();
  const offerSchema = useMemo(() => offerSchemaFor(t), [t]);
  const [problem, setProblem] = useState<string | null>(null);
  const form = useForm<Values, unknown, z.output<OfferSchema>>({
    defaultValues: { amount: "", expiresInHours: OFFER_DEFAULT_HOURS },
    resolver: zodResolver(offerSchema),
  });
  const refetchQueries = ["ConversationThread"];
  const [make, making] = useMakeOfferMutation({ refetchQueries });
  const [counter, countering] = useCounterOfferMutation({ refetchQueries });

  const submit = form.handleSubmit(async ({ amount, expiresInHours }) => {
    setProblem(null);
    try {
      if (offerId) await counter({ variables: { offerId, amount, expiresInHours } });
      else await make({ variables: { conversationId: conversationId!, amount, expiresInHours } });
      notify.success(offerId ? t("offer.counterSent") : t("offer.sent"));
      onDone();
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, FIELDS)) setProblem(errorMessage(e, t("offer.notSent")));
    }
  });

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label={offerId ? t("offer.counterForm") : t("chat.makeOffer")} sx={{ mt: 1 }}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1}>
          <FormTextField
            control={form.control}
            name="amount"
            label={t("offer.amount")}
            size="small"
            type="number"
            slotProps={{ htmlInput: { min: 1, step: "any", inputMode: "decimal" } }}
            sx={{ flex: 1 }}
            autoFocus
          />
          <FormTextField control={form.control} name="expiresInHours" select label={t("offer.expiresIn")} size="small" sx={{ flex: 1 }}>
            {OFFER_EXPIRY_CHOICES.map((e) => (
              <MenuItem key={e.hours} value={e.hours}>
                {durationLabel(t, e.hours)}
              </MenuItem>
            ))}
          </FormTextField>
        </Stack>
        <FormErrorAlert error={problem} />
        <InlineFormActions
          label={offerId ? t("offer.sendCounter") : t("offer.send")}
          busy={making.loading || countering.loading}
          onCancel={onDone}
        />
      </Stack>
    </Box>
  );
}
