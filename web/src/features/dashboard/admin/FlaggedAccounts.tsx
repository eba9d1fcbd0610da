import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { LoadingState } from "../../../components/LoadingState";
import { PagedList } from "../../../components/PagedList";
import type { ModerationActionKind } from "../../../generated/graphql";
import { useFlaggedAccountsQuery } from "../../../generated/hooks";
import { FlaggedMessages } from "./FlaggedMessages";
import type { PendingAction } from "./ModerationDialog";

/** Accounts screening often flags, most flagged and reported first, with a warn or suspend at hand. */
export function FlaggedAccounts({ onAct }: { onAct: (p: PendingAction) => void }) {
  const { t } = useTranslation("admin");
  const [page, setPage] = useState(1);
  const query = useFlaggedAccountsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="flagged-heading">
      <Typography id="flagged-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {query.data ? t("flagged.titleCount", { count: query.data.flaggedAccounts.totalItems }) : t("flagged.title")}
      </Typography>
      <PagedList
        query={query}
        data={query.data?.flaggedAccounts}
        skeleton={<LoadingState />}
        errorText={t("flagged.loadFailed")}
        empty={t("flagged.none")}
        noun="accounts"
        onPage={setPage}
      >
        {(result) => (
          <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label={t("flagged.title")}>
            {result.items.map((a) => {
              const act = (action: ModerationActionKind) =>
                onAct({ targetKind: "USER", targetId: a.user.id, action, name: a.user.username });
              return (
                <Paper component="li" key={a.user.id} variant="outlined" sx={{ p: 2 }} aria-label={a.user.username}>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {a.user.username} {a.user.suspendedAt && <Chip size="small" color="error" label={t("suspended")} />}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t("flagged.count", { count: a.flaggedMessageCount })}
                    {a.openReportCount > 0 ? ` · ${t("flagged.openReports", { count: a.openReportCount })}` : ""}
                  </Typography>
                  <FlaggedMessages messages={a.messages} />
                  {a.user.role !== "ADMIN" && !a.user.suspendedAt && (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" variant="outlined" onClick={() => act("WARN_USER")}>
                        {t("queue.warnUser")}
                      </Button>
                      <Button size="small" variant="outlined" color="error" onClick={() => act("SUSPEND_USER")}>
                        {t("queue.suspendUser")}
                      </Button>
                    </Stack>
                  )}
                </Paper>
              );
            })}
          </Stack>
        )}
      </PagedList>
    </Box>
  );
}
