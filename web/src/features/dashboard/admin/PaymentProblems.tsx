import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { LoadingState } from "../../../components/LoadingState";
import { QueryState } from "../../../components/QueryState";
import { usePageTitle } from "../../../components/usePageTitle";
import type { AdminPaymentRefundFragment, RefundProgress } from "../../../generated/graphql";
import { useAdminPaymentProblemsQuery } from "../../../generated/hooks";
import { formatDateTime, formatPKR } from "../../../lib/format";
import { RefundInDoubtDialog, type RefundFinding } from "./RefundInDoubtDialog";

const PROGRESS_COLOR: Record<RefundProgress, "default" | "error" | "warning" | "success"> = {
  PENDING: "default",
  FAILED: "error",
  IN_DOUBT: "warning",
  SENT: "success",
};

/**
 * /dashboard/admin/payments: what needs an admin's eye in online payments: refunds in doubt (each
 * with what to do), payments refused (and refunded), refunds the provider has not confirmed, and
 * reconciliation's mismatches. Cards, not a table, so a phone reads them without scrolling sideways.
 */
export default function PaymentProblems() {
  const { t } = useTranslation("admin");
  usePageTitle(t("payments.title"));
  const query = useAdminPaymentProblemsQuery({ fetchPolicy: "cache-and-network" });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t("payments.title")}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.paymentProblems}
        isEmpty={() => false}
        skeleton={<LoadingState />}
        empty={null}
        onRetry={() => void query.refetch()}
      >
        {(problems) => (
          <>
            <Section id="in-doubt" title={t("payments.inDoubt")} empty={t("payments.noneInDoubt")}>
              {problems.refundsInDoubt.map((refund) => (
                <RefundCard key={refund.id} refund={refund} />
              ))}
            </Section>
            <Section id="refused" title={t("payments.refused")} empty={t("payments.noRefused")}>
              {problems.refused.map((payment) => (
                <Card key={payment.id} label={t("payments.refusedPayment", { reference: payment.reference })}>
                  <Heading amount={payment.amount} provider={payment.provider} sandbox={payment.sandbox} />
                  <Line>{payment.refusedReason}</Line>
                  <Small>{t("payments.reference", { reference: payment.reference, date: formatDateTime(payment.settledAt) })}</Small>
                  {payment.refund ? <RefundState refund={payment.refund} /> : <Small>{t("payments.noRefund")}</Small>}
                </Card>
              ))}
            </Section>
            <Section id="refunds" title={t("payments.refundsWaiting")} empty={t("payments.noRefundsWaiting")}>
              {problems.refundsWaiting.map((refund) => (
                <RefundCard key={refund.id} refund={refund} />
              ))}
            </Section>
            <Section id="mismatches" title={t("payments.mismatches")} empty={t("payments.noMismatches")}>
              {problems.mismatches.map((mismatch) => (
                <Card key={mismatch.id} label={t("payments.mismatch", { reference: mismatch.reference ?? "" })}>
                  <Typography sx={{ fontWeight: 600 }}>{providerLabel(t, mismatch.provider)}</Typography>
                  <Line>{mismatch.detail}</Line>
                  <Small>
                    {t("payments.reference", { reference: mismatch.reference ?? "-", date: formatDateTime(mismatch.createdAt) })}
                  </Small>
                </Card>
              ))}
            </Section>
          </>
        )}
      </QueryState>
    </Stack>
  );
}

type T = ReturnType<typeof useTranslation<"admin">>["t"];

const providerLabel = (t: T, provider: string) => t(`payments.providers.${provider}`, { defaultValue: provider });

function Section({ id, title, empty, children }: { id: string; title: string; empty: string; children: ReactNode[] }) {
  return (
    <Stack component="section" aria-labelledby={`payments-${id}`} spacing={1.5}>
      <Typography id={`payments-${id}`} variant="h6" component="h2">
        {title}
      </Typography>
      {children.length ? children : <Typography color="text.secondary">{empty}</Typography>}
    </Stack>
  );
}

function Card({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="article" aria-label={label} sx={{ p: 2, minWidth: 0 }}>
      <Stack spacing={0.75}>{children}</Stack>
    </Paper>
  );
}

function Heading({ amount, provider, sandbox }: { amount: number; provider: string; sandbox: boolean }) {
  const { t } = useTranslation("admin");
  return (
    <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
      <Typography sx={{ fontWeight: 700 }}>{formatPKR(amount)}</Typography>
      <Typography color="text.secondary">{providerLabel(t, provider)}</Typography>
      {sandbox && <Chip size="small" color="warning" label={t("payments.testMoney")} />}
    </Stack>
  );
}

function RefundCard({ refund }: { refund: AdminPaymentRefundFragment }) {
  const { t } = useTranslation("admin");
  return (
    <Card label={t("payments.refund", { reference: refund.attemptReference })}>
      <Heading amount={refund.amount} provider={refund.provider} sandbox={refund.sandbox} />
      <Line>{refund.reason}</Line>
      <Small>{t("payments.reference", { reference: refund.attemptReference, date: formatDateTime(refund.createdAt) })}</Small>
      <RefundState refund={refund} />
    </Card>
  );
}

const Line = ({ children }: { children: ReactNode }) => <Typography sx={{ overflowWrap: "anywhere" }}>{children}</Typography>;

const Small = ({ children }: { children: ReactNode }) => (
  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
    {children}
  </Typography>
);

function RefundState({ refund }: { refund: AdminPaymentRefundFragment }) {
  const { t } = useTranslation("admin");
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" sx={{ alignItems: "center", gap: 1, flexWrap: "wrap" }}>
        <Chip size="small" color={PROGRESS_COLOR[refund.progress]} label={t(`payments.progress.${refund.progress}`)} />
        <Typography variant="body2">
          {refund.confirmedAt
            ? t("payments.refundSent", { amount: formatPKR(refund.amount), date: formatDateTime(refund.confirmedAt) })
            : t("payments.tries", { count: refund.tries })}
        </Typography>
      </Stack>
      {refund.lastError && <Small>{t("payments.lastError", { error: refund.lastError })}</Small>}
      {refund.progress === "IN_DOUBT" && <InDoubt refund={refund} />}
      {refund.orderId && (
        <Link component={RouterLink} to={`/orders/${refund.orderId}`} variant="body2" sx={{ alignSelf: "flex-start" }}>
          {t("payments.openOrder")}
        </Link>
      )}
    </Stack>
  );
}

/** What an admin does about a refund in doubt: check the provider's portal, then say what it shows. */
function InDoubt({ refund }: { refund: AdminPaymentRefundFragment }) {
  const { t } = useTranslation("admin");
  const [finding, setFinding] = useState<RefundFinding | null>(null);
  const provider = providerLabel(t, refund.provider);
  return (
    <>
      <Alert severity="warning">{t("payments.inDoubtHelp", { provider, reference: refund.attemptReference })}</Alert>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
        <Button size="small" variant="contained" onClick={() => setFinding("sent")}>
          {t("payments.foundSent")}
        </Button>
        <Button size="small" color="error" onClick={() => setFinding("again")}>
          {t("payments.foundNothing")}
        </Button>
      </Stack>
      {finding && <RefundInDoubtDialog refund={refund} finding={finding} provider={provider} onClose={() => setFinding(null)} />}
    </>
  );
}
