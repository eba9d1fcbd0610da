import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { useApolloClient } from "@apollo/client/react";
import { lazy, Suspense, useCallback, useId, useState, type FormEvent } from "react";
import { CODE_DIGITS, handoverCodeRule } from "@unibazaar/rules";
import { useTranslation } from "react-i18next";
import type { OrderHandoverFieldsFragment } from "../../generated/graphql";
import { useCompleteHandoverMutation } from "../../generated/hooks";
import { errorMessage, ruleMessage, type Extensions } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { formatMeetupTime } from "../meetup/slots";
import { handoverLine } from "./handoverText";

/** The tries left that a refused code's answer gives (`handover.codeWrong`'s count, none after the last), or undefined. */
function triesLeftIn(error: unknown): number | undefined {
  if (!CombinedGraphQLErrors.is(error)) return undefined;
  const extensions = error.errors[0]?.extensions as Extensions | undefined;
  if (extensions?.key === "handover.codeWrongLocked") return 0;
  return extensions?.key === "handover.codeWrong" ? Number(extensions.params?.count) : undefined;
}

// the camera reader is loaded only when a seller opens it
const QrScanner = lazy(async () => ({ default: (await import("./QrScanner")).QrScanner }));

type Props = { order: OrderHandoverFieldsFragment; orderNumber: string; onCompleted?: () => void };

/**
 * The seller's side of the handover: where it stands, and "Enter or scan code" while the order's
 * actions allow it (before that, from when they will).
 */
export function SellerHandover({ order, orderNumber, onCompleted }: Props) {
  const { t } = useTranslation("deals");
  const [entering, setEntering] = useState(false);
  const line = handoverLine(t, order, "SELLER");
  const canEnter = order.actions.includes("ENTER_HANDOVER_CODE");
  // set for an open meetup order: while the code cannot be entered yet, the seller learns from when
  const opensAt = order.handover.opensAt;
  return (
    <Box sx={{ mt: 1.5 }}>
      {line && (
        <Typography variant="body2" sx={{ fontWeight: 600 }} aria-label={t("handover.label")}>
          {line}
        </Typography>
      )}
      {canEnter && (
        <Button variant="contained" size="small" onClick={() => setEntering(true)}>
          {t("handover.enterOrScan")}
        </Button>
      )}
      {!canEnter && order.canEnterHandoverCode && opensAt && (
        <Typography variant="body2" color="text.secondary">
          {t("handover.codeFrom", { time: formatMeetupTime(opensAt) })}
        </Typography>
      )}
      {!order.canEnterHandoverCode && order.handover.codeTriesLeft === 0 && !order.handover.state && (
        <Typography variant="body2" color="warning.main">
          {t("handover.tooManyTries")}
        </Typography>
      )}
      {entering && <CodeDialog order={order} orderNumber={orderNumber} onClose={() => setEntering(false)} onCompleted={onCompleted} />}
    </Box>
  );
}

function CodeDialog({ order, orderNumber, onClose, onCompleted }: Props & { onClose: () => void }) {
  const { t } = useTranslation("deals");
  const notify = useNotify();
  const titleId = useId();
  const [code, setCode] = useState("");
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [complete, completing] = useCompleteHandoverMutation();
  const { cache } = useApolloClient();

  const submit = useCallback(
    async (typed: string) => {
      const checked = handoverCodeRule.safeParse(typed);
      if (!checked.success) {
        const issue = checked.error.issues[0];
        return setProblem(ruleMessage(`deals:handover.rules.code.${issue.code}`, issue.message));
      }
      setProblem(null);
      try {
        await complete({ variables: { id: order.id, code: typed } });
        notify.success(t("handover.completed", { number: orderNumber }));
        onClose();
        onCompleted?.();
      } catch (e) {
        // a wrong code's answer says how many tries the server has left: the dialog's own count reads the same
        const left = triesLeftIn(e);
        if (typeof left === "number")
          cache.modify({
            id: cache.identify({ __typename: "Order", id: order.id }),
            fields: { handover: (handover: object) => ({ ...handover, codeTriesLeft: left }) },
          });
        setProblem(errorMessage(e, t("handover.codeRefused")));
      }
    },
    [cache, complete, notify, onClose, onCompleted, order.id, orderNumber, t],
  );
  const scanned = useCallback(
    (found: string) => {
      setScanning(false);
      setCode(found);
      void submit(found);
    },
    [submit],
  );

  return (
    <Dialog open onClose={completing.loading ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <Box
        component="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void submit(code.trim());
        }}
      >
        <DialogTitle id={titleId}>{t("handover.codeTitle")}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {t("handover.codeText", { digits: CODE_DIGITS, count: order.handover.codeTriesLeft })}
          </DialogContentText>
          {problem && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {problem}
            </Alert>
          )}
          <TextField
            label={t("handover.buyersCode")}
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, "").slice(0, CODE_DIGITS))}
            fullWidth
            autoFocus
            autoComplete="one-time-code"
            slotProps={{
              htmlInput: { inputMode: "numeric", maxLength: CODE_DIGITS, style: { fontSize: "1.6rem", letterSpacing: "0.3em" } },
            }}
          />
          <Box sx={{ mt: 2 }}>
            {scanning ? (
              <Suspense fallback={<CircularProgress aria-label={t("handover.startingCamera")} />}>
                <QrScanner onCode={scanned} />
              </Suspense>
            ) : (
              <Button variant="outlined" onClick={() => setScanning(true)} fullWidth>
                {t("handover.scan")}
              </Button>
            )}
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={completing.loading}>
            {t("common:form.cancel")}
          </Button>
          <Button type="submit" variant="contained" disabled={completing.loading}>
            {t("handover.complete")}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
