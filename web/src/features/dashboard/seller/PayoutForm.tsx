import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { payoutDestinationRule } from "@unibazaar/rules";
import type { TFunction } from "i18next";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import { useRequestPayoutMutation } from "../../../generated/hooks";
import { formatPKR } from "../../../lib/format";

const schemaFor = (available: number, t: TFunction<"seller">) =>
  z.object({
    amount: z.coerce
      .number({ message: t("payout.amountRequired") })
      .min(1, t("payout.atLeast", { amount: formatPKR(1) }))
      .max(available, t("payout.atMost", { amount: formatPKR(available) })),
    destination: payoutDestinationRule,
  });

/** "Request a payout": an amount up to the available balance, to a wallet number or a Pakistani IBAN. */
export function PayoutForm({ available }: { available: number }) {
  const { t } = useTranslation("seller");
  const notify = useNotify();
  const schema = useMemo(() => schemaFor(available, t), [available, t]);
  const form = useForm({
    defaultValues: { amount: String(available), destination: "" },
    resolver: zodResolver(schema, undefined, { raw: true }),
  });
  const [error, setError] = useState<string | null>(null);
  const [request, { loading }] = useRequestPayoutMutation({ refetchQueries: ["SellerBalance"], awaitRefetchQueries: true });
  const submit = form.handleSubmit(async ({ amount, destination }) => {
    setError(null);
    try {
      await request({ variables: { amount: Number(amount), destination } });
      notify.success(t("payout.requested"));
      form.reset({ amount: "", destination: "" });
    } catch (e) {
      // a refused amount (more than may be paid out, test money) is said by the button; a bad destination on its field
      if (!applyServerFieldErrors(e, form.setError, ["destination"])) setError(errorMessage(e, t("payout.failed")));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label={t("payout.title")} sx={{ maxWidth: 480 }}>
      <FormTextField control={form.control} name="amount" label={t("payout.amount")} inputMode="decimal" required fullWidth />
      <FormTextField
        control={form.control}
        name="destination"
        label={t("payout.destination")}
        hint={t("payout.destinationHint")}
        autoComplete="off"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" disabled={loading || available <= 0} sx={{ alignSelf: "flex-start" }}>
        {loading ? t("payout.busy") : t("payout.submit")}
      </Button>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
