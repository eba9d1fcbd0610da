import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { zodResolver } from "@hookform/resolvers/zod";
import { payoutDestinationRule } from "@unibazaar/rules";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { applyServerFieldErrors, errorMessage } from "../../../components/errors";
import { FormTextField } from "../../../components/FormFields";
import { useNotify } from "../../../components/Notify";
import { useRequestPayoutMutation } from "../../../generated/hooks";
import { formatPKR } from "../../../lib/format";

const schemaFor = (available: number) =>
  z.object({
    amount: z.coerce
      .number({ message: "Enter the amount to pay out." })
      .min(1, "A payout is at least Rs 1.")
      .max(available, `You can ask for at most your available ${formatPKR(available)}.`),
    destination: payoutDestinationRule,
  });

/** "Request a payout": an amount up to the available balance, to a wallet number or a Pakistani IBAN. */
export function PayoutForm({ available }: { available: number }) {
  const notify = useNotify();
  const form = useForm({
    defaultValues: { amount: String(available), destination: "" },
    resolver: zodResolver(schemaFor(available), undefined, { raw: true }),
  });
  const [error, setError] = useState<string | null>(null);
  const [request, { loading }] = useRequestPayoutMutation({ refetchQueries: ["SellerBalance"], awaitRefetchQueries: true });
  const submit = form.handleSubmit(async ({ amount, destination }) => {
    setError(null);
    try {
      await request({ variables: { amount: Number(amount), destination } });
      notify.success("Payout requested. An admin sends it and you are told when it is paid.");
      form.reset({ amount: "", destination: "" });
    } catch (e) {
      if (!applyServerFieldErrors(e, form.setError, ["amount", "destination"])) setError(errorMessage(e, "Could not request the payout."));
    }
  });
  return (
    <Stack component="form" spacing={2} onSubmit={submit} noValidate aria-label="Request a payout" sx={{ maxWidth: 480 }}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      <FormTextField control={form.control} name="amount" label="Amount (Rs)" inputMode="decimal" required fullWidth />
      <FormTextField
        control={form.control}
        name="destination"
        label="Wallet number or IBAN"
        hint="JazzCash or Easypaisa number (03XXXXXXXXX), or a Pakistani IBAN (PK...)"
        autoComplete="off"
        required
        fullWidth
      />
      <Button type="submit" variant="contained" disabled={loading || available <= 0} sx={{ alignSelf: "flex-start" }}>
        {loading ? "Requesting..." : "Request payout"}
      </Button>
    </Stack>
  );
}
