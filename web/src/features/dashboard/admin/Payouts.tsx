import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useApolloClient } from "@apollo/client/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../components/LoadingState";
import { Pager } from "../../../components/Pager";
import { QueryState } from "../../../components/QueryState";
import { errorMessage } from "../../../components/errors";
import { useNotify } from "../../../components/Notify";
import { usePageTitle } from "../../../components/usePageTitle";
import { RequestedPayoutsCsvDocument, type PayoutState } from "../../../generated/graphql";
import { useAdminPayoutsQuery } from "../../../generated/hooks";
import { formatDateTime, formatPKR } from "../../../lib/format";
import { ScrollTable } from "../common/ScrollTable";
import { PayoutDecisionDialog } from "./PayoutDecisionDialog";

const STATES: PayoutState[] = ["REQUESTED", "PAID", "REFUSED"];

type Deciding = { payout: { id: string; amount: number; destination: string }; action: "pay" | "refuse" };

/** /dashboard/admin/payouts: sellers' payout requests; mark one paid or refuse it; the requested ones as CSV for a bulk transfer. */
export default function Payouts() {
  const { t } = useTranslation("admin");
  usePageTitle(t("payouts.title"));
  const notify = useNotify();
  const client = useApolloClient();
  const [state, setState] = useState<PayoutState>("REQUESTED");
  const [page, setPage] = useState(1);
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  const query = useAdminPayoutsQuery({ variables: { state, page }, fetchPolicy: "cache-and-network" });

  const downloadCsv = async () => {
    try {
      const { data } = await client.query({ query: RequestedPayoutsCsvDocument, fetchPolicy: "network-only" });
      const url = URL.createObjectURL(new Blob([data?.requestedPayoutsCsv ?? ""], { type: "text/csv" }));
      const link = Object.assign(document.createElement("a"), { href: url, download: "payouts.csv" });
      link.click();
      URL.revokeObjectURL(url);
    } catch (e) {
      notify.error(errorMessage(e, t("payouts.exportFailed")));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Typography variant="h5" component="h1">
          {t("payouts.title")}
        </Typography>
        <Button variant="outlined" onClick={() => void downloadCsv()}>
          {t("payouts.download")}
        </Button>
      </Stack>
      <Tabs
        value={state}
        onChange={(_, value: PayoutState) => {
          setState(value);
          setPage(1);
        }}
        aria-label={t("payouts.states")}
      >
        {STATES.map((s) => (
          <Tab key={s} value={s} label={t(`payouts.tabs.${s}`)} />
        ))}
      </Tabs>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.payouts}
        skeleton={<LoadingState />}
        empty={t("payouts.none")}
        onRetry={() => void query.refetch()}
      >
        {(payouts) => (
          <>
            <ScrollTable label={t("payouts.title")} minWidth={560}>
              <TableHead>
                <TableRow>
                  <TableCell>{t("payouts.columns.asked")}</TableCell>
                  <TableCell align="right">{t("payouts.columns.amount")}</TableCell>
                  <TableCell>{t("payouts.columns.to")}</TableCell>
                  <TableCell>{t(`payouts.lastColumn.${state}`)}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {payouts.items.map((payout) => (
                  <TableRow key={payout.id}>
                    <TableCell>{formatDateTime(payout.createdAt)}</TableCell>
                    <TableCell align="right">{formatPKR(payout.amount)}</TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere" }}>
                      <Typography component="span" sx={{ display: "block", fontWeight: 600 }}>
                        {payout.sellerName ?? t("payouts.formerSeller")}
                      </Typography>
                      {t(payout.method === "WALLET" ? "payouts.wallet" : "payouts.iban", { destination: payout.destination })}
                    </TableCell>
                    <TableCell>
                      {state === "REQUESTED" ? (
                        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                          <Button size="small" variant="contained" onClick={() => setDeciding({ payout, action: "pay" })}>
                            {t("payouts.markPaid")}
                          </Button>
                          <Button size="small" color="error" onClick={() => setDeciding({ payout, action: "refuse" })}>
                            {t("payouts.refuse")}
                          </Button>
                        </Stack>
                      ) : (
                        (payout.reference ?? payout.reason)
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </ScrollTable>
            <Pager {...payouts} noun={t("payouts.noun")} onPage={setPage} />
          </>
        )}
      </QueryState>
      {deciding && <PayoutDecisionDialog {...deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
