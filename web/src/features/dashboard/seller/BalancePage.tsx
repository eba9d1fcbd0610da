import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import Link from "@mui/material/Link";
import { LoadingState } from "../../../components/LoadingState";
import { Pager } from "../../../components/Pager";
import { QueryState } from "../../../components/QueryState";
import { usePageTitle } from "../../../components/usePageTitle";
import { useSellerBalanceQuery } from "../../../generated/hooks";
import { formatDateTime, formatPKR } from "../../../lib/format";
import { ScrollTable } from "../common/ScrollTable";
import { StatCard } from "../common/StatCard";
import { PayoutForm } from "./PayoutForm";

const PAYOUT_STATE: Record<string, "default" | "success" | "error"> = { REQUESTED: "default", PAID: "success", REFUSED: "error" };

/** /dashboard/seller/balance: money held for the seller's orders, what is available, every ledger entry, and payouts. */
export default function BalancePage() {
  const { t } = useTranslation("seller");
  usePageTitle(t("balance.title"));
  const [page, setPage] = useState(1);
  const query = useSellerBalanceQuery({ variables: { page, pageSize: 20 }, fetchPolicy: "cache-and-network" });
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {t("balance.title")}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data}
        isEmpty={() => false}
        skeleton={<LoadingState />}
        empty={t("balance.none")}
        onRetry={() => void query.refetch()}
      >
        {(data) => (
          <>
            <Box sx={{ display: "grid", gridTemplateColumns: { xs: "1fr 1fr" }, gap: 2, maxWidth: 560 }}>
              <StatCard label={t("balance.pending")} value={formatPKR(data.myBalance.pending)} />
              <StatCard label={t("balance.available")} value={formatPKR(data.myBalance.available)} />
            </Box>
            <Typography color="text.secondary" variant="body2">
              {t("balance.explain")}
            </Typography>
            {data.myBalance.testMoney > 0 && (
              <Typography variant="body2">
                <Chip size="small" color="warning" label={t("balance.testMoney")} sx={{ mr: 1, fontWeight: 700 }} />
                {t("balance.testMoneyNote", { amount: formatPKR(data.myBalance.testMoney) })}
                {!data.myBalance.testMoneyPaidOut && ` ${t("balance.testMoneyNotPaid")}`}
              </Typography>
            )}
            <section aria-labelledby="payout-heading">
              <Typography id="payout-heading" variant="h6" component="h2" sx={{ mb: 1.5 }}>
                {t("payout.title")}
              </Typography>
              <PayoutForm key={data.myBalance.available} available={data.myBalance.available} />
            </section>
            {data.myPayouts.items.length > 0 && (
              <ScrollTable label={t("balance.payouts")} minWidth={480}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t("balance.columns.asked")}</TableCell>
                    <TableCell align="right">{t("balance.columns.amount")}</TableCell>
                    <TableCell>{t("balance.columns.to")}</TableCell>
                    <TableCell>{t("balance.columns.state")}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {data.myPayouts.items.map((payout) => (
                    <TableRow key={payout.id}>
                      <TableCell>{formatDateTime(payout.createdAt)}</TableCell>
                      <TableCell align="right">{formatPKR(payout.amount)}</TableCell>
                      <TableCell sx={{ overflowWrap: "anywhere" }}>{payout.destination}</TableCell>
                      <TableCell>
                        <Chip size="small" label={t(`balance.payoutStates.${payout.state}`)} color={PAYOUT_STATE[payout.state]} />
                        {payout.reference && (
                          <Typography variant="caption" component="p">
                            {t("balance.reference", { reference: payout.reference })}
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
              {t("balance.entries")}
            </Typography>
            {data.myBalanceEntries.totalItems === 0 ? (
              <Typography color="text.secondary">{t("balance.noEntries")}</Typography>
            ) : (
              <>
                <ScrollTable label={t("balance.entriesLabel")} minWidth={480}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t("balance.columns.when")}</TableCell>
                      <TableCell>{t("balance.columns.what")}</TableCell>
                      <TableCell>{t("balance.columns.balance")}</TableCell>
                      <TableCell align="right">{t("balance.columns.amount")}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {data.myBalanceEntries.items.map((entry) => (
                      <TableRow key={entry.id}>
                        <TableCell>{formatDateTime(entry.createdAt)}</TableCell>
                        <TableCell>
                          {t(`balance.kinds.${entry.kind}`, { defaultValue: entry.kind })}
                          {entry.orderId && (
                            <Link component={RouterLink} to={`/orders/${entry.orderId}`} variant="caption" sx={{ display: "block" }}>
                              {entry.orderLabel}
                            </Link>
                          )}
                        </TableCell>
                        <TableCell>{entry.balance === "PENDING" ? t("balance.pendingShort") : t("balance.available")}</TableCell>
                        <TableCell align="right">{formatPKR(entry.amount)}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </ScrollTable>
                <Pager {...data.myBalanceEntries} noun={t("balance.entriesNoun")} onPage={setPage} />
              </>
            )}
          </>
        )}
      </QueryState>
    </Stack>
  );
}
