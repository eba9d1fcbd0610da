import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { LoadingState } from "../../../components/LoadingState";
import { Pager } from "../../../components/Pager";
import { QueryState } from "../../../components/QueryState";
import { usePageTitle } from "../../../components/usePageTitle";
import type { DisputeState } from "../../../generated/graphql";
import { useAdminDisputesQuery } from "../../../generated/hooks";
import { formatDateTime, formatPKR } from "../../../lib/format";
import { DisputeDecision } from "./DisputeDecision";

const STATES: DisputeState[] = ["AWAITING_ADMIN", "AWAITING_SELLER", "DECIDED"];

/** /dashboard/admin/disputes: buyers' disputes over held payments, by state; an open one can be decided here. */
export default function Disputes() {
  const { t } = useTranslation("admin");
  usePageTitle(t("disputes.title"));
  const [state, setState] = useState<DisputeState>("AWAITING_ADMIN");
  const [page, setPage] = useState(1);
  const query = useAdminDisputesQuery({ variables: { state, page }, fetchPolicy: "cache-and-network" });
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t("disputes.title")}
      </Typography>
      <Tabs
        value={state}
        onChange={(_, value: DisputeState) => {
          setState(value);
          setPage(1);
        }}
        variant="scrollable"
        aria-label={t("disputes.states")}
      >
        {STATES.map((s) => (
          <Tab key={s} value={s} label={t(`disputes.tabs.${s}`)} />
        ))}
      </Tabs>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.disputes}
        skeleton={<LoadingState />}
        empty={t("disputes.none")}
        onRetry={() => void query.refetch()}
      >
        {(disputes) => (
          <>
            {disputes.items.map((dispute) => (
              <Card key={dispute.id} variant="outlined" component="article" aria-label={t("disputes.on", { order: dispute.orderLabel })}>
                <CardContent>
                  <Box sx={{ display: "flex", justifyContent: "space-between", gap: 1, flexWrap: "wrap" }}>
                    <Typography variant="h6" component="h2">
                      <Link
                        component={RouterLink}
                        to={`/orders/${dispute.orderId}`}
                        aria-label={t("disputes.openOrder", { order: dispute.orderLabel })}
                      >
                        {dispute.orderLabel}
                      </Link>{" "}
                      · {formatPKR(dispute.amount)}
                    </Typography>
                    <Chip size="small" label={t(`disputes.reasons.${dispute.reason}`, { defaultValue: dispute.reason })} />
                  </Box>
                  <Typography variant="body2" color="text.secondary">
                    {t("disputes.opened", { date: formatDateTime(dispute.createdAt) })}
                  </Typography>
                  <Typography sx={{ mt: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {t("disputes.buyerSays", { text: dispute.text })}
                  </Typography>
                  {dispute.photos.length > 0 && (
                    <Box sx={{ display: "flex", gap: 1, mt: 1, flexWrap: "wrap" }}>
                      {dispute.photos.map((url, i) => (
                        <a key={url} href={url} target="_blank" rel="noreferrer">
                          <Box
                            component="img"
                            src={url}
                            alt={t("disputes.buyerPhoto", { n: i + 1 })}
                            sx={{ width: 72, height: 72, objectFit: "cover", borderRadius: 1 }}
                          />
                        </a>
                      ))}
                    </Box>
                  )}
                  <Typography sx={{ mt: 1, whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
                    {t("disputes.sellerSays", {
                      text:
                        dispute.sellerAnswer ??
                        (dispute.state === "AWAITING_SELLER"
                          ? t("disputes.mayAnswer", { date: formatDateTime(dispute.answerDueAt) })
                          : t("disputes.noAnswer")),
                    })}
                  </Typography>
                  {dispute.state === "DECIDED" ? (
                    <Typography sx={{ mt: 1, fontWeight: 600 }}>
                      {dispute.outcome === "RELEASE"
                        ? t("disputes.released")
                        : t("disputes.refunded", { amount: formatPKR(dispute.refundAmount ?? 0) })}
                      {dispute.decisionNote ? ` · ${dispute.decisionNote}` : ""}
                    </Typography>
                  ) : (
                    <DisputeDecision disputeId={dispute.id} orderLabel={dispute.orderLabel} amount={dispute.amount} />
                  )}
                </CardContent>
              </Card>
            ))}
            <Pager {...disputes} noun={t("disputes.noun")} onPage={setPage} />
          </>
        )}
      </QueryState>
    </Stack>
  );
}
