import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import Link from "@mui/material/Link";
import { LoadingState } from "../../../components/LoadingState";
import { Pager } from "../../../components/Pager";
import { QueryState } from "../../../components/QueryState";
import { errorMessage } from "../../../components/errors";
import { usePageTitle } from "../../../components/usePageTitle";
import { useSellerBalanceQuery } from "../../../generated/hooks";
import { formatDateTime, formatPKR } from "../../../lib/format";
import { ScrollTable } from "../common/ScrollTable";
import { StatCard } from "../common/StatCard";
import { PayoutForm } from "./PayoutForm";

const KIND: Record<string, string> = {
  HELD: "Paid, held",
  RELEASED: "Released",
  FEE: "Platform fee",
  REFUNDED: "Refunded to buyer",
  PAYOUT: "Payout",
  PAYOUT_RETURNED: "Payout refused, returned",
};

const PAYOUT_STATE: Record<string, "default" | "success" | "error"> = { REQUESTED: "default", PAID: "success", REFUSED: "error" };

/** /dashboard/seller/balance: money held for the seller's orders, what is available, every ledger entry, and payouts. */
export default function BalancePage() {
  usePageTitle("Balance and payouts");
  const [page, setPage] = useState(1);
  const query = useSellerBalanceQuery({ variables: { page, pageSize: 20 }, fetchPolicy: "cache-and-network" });
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        Balance and payouts
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data}
        isEmpty={() => false}
        skeleton={<LoadingState />}
        errorText={`Error loading your balance: ${errorMessage(query.error, "please try again.")}`}
        empty="No balance yet."
        onRetry={() => void query.refetch()}
      >
        {(data) => (
          <>
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr" }, gap: 2, maxWidth: 560 }}>
              <StatCard label="Pending (held)" value={formatPKR(data.myBalance.pending)} />
              <StatCard label="Available" value={formatPKR(data.myBalance.available)} />
            </Box>
            <Typography color="text.secondary" variant="body2">
              Money paid online is held until the buyer has the item, then released to your available balance.
            </Typography>
            <section aria-labelledby="payout-heading">
              <Typography id="payout-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                Request a payout
              </Typography>
              <PayoutForm key={data.myBalance.available} available={data.myBalance.available} />
            </section>
            {data.myPayouts.items.length > 0 && (
              <ScrollTable label="Your payouts" minWidth={480}>
                <TableHead>
                  <TableRow>
                    <TableCell>Asked</TableCell>
                    <TableCell align="right">Amount</TableCell>
                    <TableCell>To</TableCell>
                    <TableCell>State</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.myPayouts.items.map((payout) => (
                    <TableRow key={payout.id}>
                      <TableCell>{formatDateTime(payout.createdAt)}</TableCell>
                      <TableCell align="right">{formatPKR(payout.amount)}</TableCell>
                      <TableCell sx={{ overflowWrap: "anywhere" }}>{payout.destination}</TableCell>
                      <TableCell>
                        <Chip size="small" label={payout.state} color={PAYOUT_STATE[payout.state]} />
                        {payout.reference && (
                          <Typography variant="caption" component="p">
                            Ref. {payout.reference}
                          </Typography>
                        )}
                        {payout.reason && (
                          <Typography variant="caption" component="p">
                            {payout.reason}
                          </Typography>
                        )}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </ScrollTable>
            )}
            <Typography variant="h6" component="h2">
              Entries
            </Typography>
            {data.myBalanceEntries.totalItems === 0 ? (
              <Typography color="text.secondary">No money has moved yet.</Typography>
            ) : (
              <>
                <ScrollTable label="Balance entries" minWidth={480}>
                  <TableHead>
                    <TableRow>
                      <TableCell>When</TableCell>
                      <TableCell>What</TableCell>
                      <TableCell>Balance</TableCell>
                      <TableCell align="right">Amount</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.myBalanceEntries.items.map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell>{formatDateTime(entry.createdAt)}</TableCell>
                        <TableCell>
                          {KIND[entry.kind]}
                          {entry.orderId && (
                            <Link component={RouterLink} to={`/orders/${entry.orderId}`} variant="caption" sx={{ display: "block" }}>
                              {entry.orderLabel}
                            </Link>
                          )}
                        </TableCell>
                        <TableCell>{entry.balance === "PENDING" ? "Pending" : "Available"}</TableCell>
                        <TableCell align="right">{formatPKR(entry.amount)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </ScrollTable>
                <Pager {...data.myBalanceEntries} noun="entries" onPage={setPage} />
              </>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
