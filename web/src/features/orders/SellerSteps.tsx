import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import type { OrderAction, OrderStatus } from "../../generated/graphql";
import { useOrderStepMutation } from "../../generated/hooks";

/** The lifecycle's steps a seller takes from the order page, each the status it sets. */
const STEPS = [
  ["CONFIRM", "CONFIRMED"],
  ["PROCESS", "PROCESSING"],
  ["SHIP", "SHIPPED"],
  ["COMPLETE", "COMPLETED"],
  ["REJECT", "REJECTED"],
] as const satisfies ReadonlyArray<readonly [OrderAction, OrderStatus]>;

type Props = { order: { id: string; orderNumber: string; actions: readonly OrderAction[] }; onChanged: () => void };

/** The seller's buttons for the steps the order's actions offer; a rejection, which cannot be undone, asks once more. */
export function SellerSteps({ order, onChanged }: Props) {
  const { t } = useTranslation("orders");
  const notify = useNotify();
  const [rejecting, setRejecting] = useState(false);
  const [step, stepping] = useOrderStepMutation();
  const offered = STEPS.filter(([action]) => order.actions.includes(action));
  if (!offered.length) return null;

  const take = async (status: OrderStatus) => {
    try {
      await step({ variables: { id: order.id, status } });
      notify.success(t("detail.stepSaved", { number: order.orderNumber }));
      onChanged();
    } catch (e) {
      notify.error(errorMessage(e, t("detail.stepFailed")));
    } finally {
      setRejecting(false);
    }
  };

  return (
    <Stack direction="row" sx={{ mt: 2, flexWrap: "wrap", gap: 1 }}>
      {offered.map(([action, status]) => (
        <Button
          key={action}
          variant={action === "REJECT" || action === "COMPLETE" ? "outlined" : "contained"}
          color={action === "REJECT" ? "error" : "primary"}
          disabled={stepping.loading}
          onClick={() => (action === "REJECT" ? setRejecting(true) : void take(status))}
        >
          {t(`detail.steps.${action}`)}
        </Button>
      ))}
      <ConfirmDialog
        open={rejecting}
        title={t("detail.rejectTitle", { number: order.orderNumber })}
        message={t("detail.rejectText")}
        cancelLabel={t("detail.keep")}
        confirmLabel={t("detail.steps.REJECT")}
        busyLabel={t("detail.steps.REJECT")}
        busy={stepping.loading}
        onConfirm={() => take("REJECTED")}
        onClose={() => setRejecting(false)}
      />
    </Stack>
  );
}
