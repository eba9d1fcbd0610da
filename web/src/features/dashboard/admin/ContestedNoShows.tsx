import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { errorMessage } from "../../../components/errors";
import { LoadingState } from "../../../components/LoadingState";
import { useNotify } from "../../../components/Notify";
import { PagedList } from "../../../components/PagedList";
import { useContestedNoShowsQuery, useDecideNoShowMutation } from "../../../generated/hooks";
import { formatDateTime } from "../../../lib/format";

type Decision = { orderId: string; orderNumber: string; uphold: boolean };

/**
 * No-shows the accused contested: each shows both sides, and an admin upholds it (it stays on the
 * accused's record) or drops it (it comes off). Both parties are told.
 */
export function ContestedNoShows() {
  const { t } = useTranslation("admin");
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const [decision, setDecision] = useState<Decision | null>(null);
  const query = useContestedNoShowsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  const [decide, { loading }] = useDecideNoShowMutation({ refetchQueries: ["ContestedNoShows"], awaitRefetchQueries: true });
  const run = async (d: Decision) => {
    try {
      await decide({ variables: { orderId: d.orderId, uphold: d.uphold } });
      notify.success(t(d.uphold ? "noShows.upheld" : "noShows.dropped", { order: d.orderNumber }));
      setDecision(null);
    } catch (e) {
      notify.error(errorMessage(e, t("noShows.failed")));
    }
  };
  return (
    <Box component="section" aria-labelledby="no-shows-heading">
      <Typography id="no-shows-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {query.data ? t("noShows.titleCount", { count: query.data.contestedNoShows.totalItems }) : t("noShows.title")}
      </Typography>
      <PagedList
        query={query}
        data={query.data?.contestedNoShows}
        skeleton={<LoadingState />}
        errorText={t("noShows.loadFailed")}
        empty={t("noShows.none")}
        noun="reports"
        onPage={setPage}
      >
        {(result) => (
          <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("noShows.label")}>
            {result.items.map((c) => (
              <Paper
                component="li"
                key={c.orderId}
                variant="outlined"
                sx={{ p: 1.5 }}
                aria-label={t("noShows.case", { order: c.orderNumber })}
              >
                <Typography sx={{ fontWeight: 600 }}>
                  <Link component={RouterLink} to={`/orders/${c.orderId}`} aria-label={t("disputes.openOrder", { order: c.orderNumber })}>
                    {t("noShows.case", { order: c.orderNumber })}
                  </Link>
                </Typography>
                <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                  {t("noShows.claim", {
                    reporter: c.reporterName ?? t("noShows.formerUser"),
                    accused: c.accusedName ?? t("noShows.formerUser"),
                    at: c.meetupAt ? formatDateTime(c.meetupAt) : "—",
                  })}
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
                  {t("noShows.contest", { accused: c.accusedName ?? t("noShows.formerUser"), reason: c.contestReason })}
                </Typography>
                <Stack direction="row" spacing={1} sx={{ mt: 1 }}>
                  <Button
                    size="small"
                    variant="contained"
                    onClick={() => setDecision({ orderId: c.orderId, orderNumber: c.orderNumber, uphold: true })}
                  >
                    {t("noShows.uphold")}
                  </Button>
                  <Button size="small" onClick={() => setDecision({ orderId: c.orderId, orderNumber: c.orderNumber, uphold: false })}>
                    {t("noShows.drop")}
                  </Button>
                </Stack>
              </Paper>
            ))}
          </Stack>
        )}
      </PagedList>
      <ConfirmDialog
        open={decision !== null}
        title={decision ? t(decision.uphold ? "noShows.upholdTitle" : "noShows.dropTitle", { order: decision.orderNumber }) : ""}
        message={decision ? t(decision.uphold ? "noShows.upholdText" : "noShows.dropText") : ""}
        confirmLabel={decision?.uphold ? t("noShows.uphold") : t("noShows.drop")}
        busy={loading}
        onConfirm={() => decision && void run(decision)}
        onClose={() => setDecision(null)}
      />
    </Box>
  );
}
