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

const TABS: Array<{ state: PayoutState; label: string }> = [
  { state: "REQUESTED", label: "Requested" },
  { state: "PAID", label: "Paid" },
  { state: "REFUSED", label: "Refused" },
];

type Deciding = { payout: { id: string; amount: number; destination: string }; action: "pay" | "refuse" };

/** /dashboard/admin/payouts: sellers' payout requests; mark one paid or refuse it; the requested ones as CSV for a bulk transfer. */
export default function Payouts() {
  usePageTitle("Payouts");
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
      notify.error(errorMessage(e, "Could not export the payouts."));
    }
  };

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: "space-between", alignItems: "center", flexWrap: "wrap", gap: 1 }}>
        <Typography variant="h5" component="h1">
          Payouts
        </Typography>
        <Button variant="outlined" onClick={() => void downloadCsv()}>
          Download requested (CSV)
        </Button>
      </Stack>
      <Tabs
        value={state}
        onChange={(_, value: PayoutState) => {
          setState(value);
          setPage(1);
        }}
        aria-label="Payout states"
      >
        {TABS.map((tab) => (
          <Tab key={tab.state} value={tab.state} label={tab.label} />
        ))}
      </Tabs>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.payouts}
        skeleton={<LoadingState />}
        errorText={`Error loading payouts: ${errorMessage(query.error, "please try again.")}`}
        empty="No payouts here."
        onRetry={() => void query.refetch()}
      >
        {(payouts) => (
          <>
            <ScrollTable label="Payouts" minWidth={560}>
              <TableHead>
                <TableRow>
                  <TableCell>Asked</TableCell>
                  <TableCell align="right">Amount</TableCell>
                  <TableCell>To</TableCell>
                  <TableCell>{state === "REQUESTED" ? "Action" : state === "PAID" ? "Reference" : "Reason"}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {payouts.items.map((payout) => (
                  <TableRow key={payout.id}>
                    <TableCell>{formatDateTime(payout.createdAt)}</TableCell>
                    <TableCell align="right">{formatPKR(payout.amount)}</TableCell>
                    <TableCell sx={{ overflowWrap: "anywhere" }}>
                      {payout.method === "WALLET" ? "Wallet" : "IBAN"} {payout.destination}
                    </TableCell>
                    <TableCell>
                      {state === "REQUESTED" ? (
                        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap" }}>
                          <Button size="small" variant="contained" onClick={() => setDeciding({ payout, action: "pay" })}>
                            Mark paid
                          </Button>
                          <Button size="small" color="error" onClick={() => setDeciding({ payout, action: "refuse" })}>
                            Refuse
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
            <Pager {...payouts} noun="payouts" onPage={setPage} />
          </>
        )}
      </QueryState>
      {deciding && <PayoutDecisionDialog {...deciding} onClose={() => setDeciding(null)} />}
    </Stack>
  );
}
