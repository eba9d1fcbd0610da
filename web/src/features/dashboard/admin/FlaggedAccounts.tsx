import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { LoadingState } from "../../../components/LoadingState";
import { PagedList } from "../../../components/PagedList";
import { errorMessage } from "../../../components/errors";
import type { ModerationActionKind } from "../../../generated/graphql";
import { useFlaggedAccountsQuery } from "../../../generated/hooks";
import { FlaggedMessages, flaggedCount } from "./FlaggedMessages";
import type { PendingAction } from "./ModerationDialog";

/** Accounts screening often flags, most flagged and reported first, with a warn or suspend at hand. */
export function FlaggedAccounts({ onAct }: { onAct: (p: PendingAction) => void }) {
  const [page, setPage] = useState(1);
  const query = useFlaggedAccountsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="flagged-heading">
      <Typography id="flagged-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Flagged accounts{query.data ? ` (${query.data.flaggedAccounts.totalItems})` : ""}
      </Typography>
      <PagedList
        query={query}
        data={query.data?.flaggedAccounts}
        skeleton={<LoadingState />}
        errorText={`Error loading flagged accounts: ${errorMessage(query.error, "please try again.")}`}
        empty="No account has 3 or more flagged messages in the last 30 days."
        noun="accounts"
        onPage={setPage}
      >
        {(result) => (
          <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Flagged accounts">
            {result.items.map((a) => {
              const act = (action: ModerationActionKind) =>
                onAct({ targetKind: "USER", targetId: a.user.id, action, name: a.user.username });
              return (
                <Paper component="li" key={a.user.id} variant="outlined" sx={{ p: 2 }} aria-label={a.user.username}>
                  <Typography component="h3" sx={{ fontWeight: 600 }}>
                    {a.user.username} {a.user.suspendedAt && <Chip size="small" color="error" label="Suspended" />}
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    {flaggedCount(a.flaggedMessageCount)}
                    {a.openReportCount > 0 ? ` · ${a.openReportCount} open reports` : ""}
                  </Typography>
                  <FlaggedMessages messages={a.messages} />
                  {a.user.role !== "ADMIN" && !a.user.suspendedAt && (
                    <Stack direction="row" spacing={1}>
                      <Button size="small" variant="outlined" onClick={() => act("WARN_USER")}>
                        Warn user
                      </Button>
                      <Button size="small" variant="outlined" color="error" onClick={() => act("SUSPEND_USER")}>
                        Suspend user
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
