import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { REPORT_REASONS } from "@unibazaar/rules";
import { useId, useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { LoadingState } from "../../../components/LoadingState";
import { Pager } from "../../../components/Pager";
import { QueryState } from "../../../components/QueryState";
import { errorMessage } from "../../../components/errors";
import { usePageTitle } from "../../../components/usePageTitle";
import type {
  FlaggedMessageFieldsFragment,
  ModerationActionKind,
  ModerationQueueQuery,
  ReportTargetKind,
} from "../../../generated/graphql";
import {
  useFlaggedAccountsQuery,
  useHeldListingsQuery,
  useModerateMutation,
  useModerationLogQuery,
  useModerationQueueQuery,
} from "../../../generated/hooks";
import { formatDate, formatDateTime } from "../../../lib/format";
import { ACTIONS, ModerationDialog } from "./ModerationDialog";

type Case = ModerationQueueQuery["moderationQueue"]["items"][number];
type Pending = { targetKind: ReportTargetKind; targetId: string; action: ModerationActionKind; name: string };

const reasonLabel = (value: string) => REPORT_REASONS.find((r) => r.value === value)?.label ?? value;

/** /dashboard/admin/moderation: the queue of reported listings and users, the actions, and the audit trail. */
export default function Moderation() {
  usePageTitle("Moderation");
  const [pending, setPending] = useState<Pending | null>(null);
  return (
    <Stack spacing={3}>
      <Box>
        <Typography variant="h5" component="h1">
          Moderation
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Reported listings and users, oldest report first (accounts with many flagged chat messages first). Reported conversations are on{" "}
          <Link component={RouterLink} to="/dashboard/admin/reports">
            their own page
          </Link>
          .
        </Typography>
      </Box>
      <Queue onAct={setPending} />
      <FlaggedAccounts onAct={setPending} />
      <HeldListings onAct={setPending} />
      <AuditTrail onAct={setPending} />
      {pending && <ActionDialog pending={pending} onClose={() => setPending(null)} />}
    </Stack>
  );
}

function Queue({ onAct }: { onAct: (p: Pending) => void }) {
  const [page, setPage] = useState(1);
  const query = useModerationQueueQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="queue-heading">
      <Typography id="queue-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Queue{query.data ? ` (${query.data.moderationQueue.totalItems})` : ""}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.moderationQueue}
        skeleton={<LoadingState />}
        errorText={`Error loading the queue: ${errorMessage(query.error, "please try again.")}`}
        empty="Nothing to review. The queue is empty."
        onRetry={() => void query.refetch()}
      >
        {(result) => (
          <>
            <Stack component="ul" spacing={2} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Reported listings and users">
              {result.items.map((c) => (
                <CaseCard key={`${c.targetKind}:${c.targetId}`} item={c} onAct={onAct} />
              ))}
            </Stack>
            <Pager
              page={result.page}
              pageSize={result.pageSize}
              totalItems={result.totalItems}
              totalPages={result.totalPages}
              noun="cases"
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}

function CaseCard({ item, onAct }: { item: Case; onAct: (p: Pending) => void }) {
  const headingId = useId();
  const listing = item.listing;
  const name = listing ? listing.name : (item.user?.username ?? "Deleted user");
  const person = item.user ? (listing ? `seller ${item.user.username}` : item.user.username) : null;
  const act = (action: ModerationActionKind, who = name) =>
    onAct({ targetKind: item.targetKind, targetId: item.targetId, action, name: who });
  const canModerateUser = item.user && item.user.role !== "ADMIN" && !item.user.suspendedAt;
  return (
    <Paper component="li" variant="outlined" sx={{ p: 2 }} aria-labelledby={headingId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5 }}>
        <Chip size="small" label={listing ? "Listing" : "User"} />
        <Typography id={headingId} component="h3" sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
          {listing ? (
            <Link component={RouterLink} to={`/shop/${listing.id}`}>
              {listing.name}
            </Link>
          ) : (
            name
          )}
        </Typography>
        {listing?.hiddenAt && <Chip size="small" color="warning" label="Hidden" />}
        {item.user?.suspendedAt && <Chip size="small" color="error" label="Suspended" />}
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {item.reportCount === 1 ? "1 report" : `${item.reportCount} reports`} since {formatDate(item.firstReportedAt)}
        {listing && item.user ? ` · sold by ${item.user.username}` : ""}
        {item.flaggedMessageCount > 0 ? ` · ${flaggedCount(item.flaggedMessageCount)}` : ""}
      </Typography>
      <FlaggedMessages messages={item.flaggedMessages} />
      <Box component="ul" sx={{ pl: 2.5, my: 1 }}>
        {item.reports.map((r) => (
          <li key={r.id}>
            <Typography variant="body2">
              <strong>{reasonLabel(r.reason)}</strong>
              {r.details ? `: ${r.details}` : ""}{" "}
              <Box component="span" sx={{ color: "text.secondary" }}>
                ({r.reporterName ?? "former user"}, {formatDate(r.createdAt)})
              </Box>
            </Typography>
          </li>
        ))}
      </Box>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap", rowGap: 1 }}>
        {listing && !listing.hiddenAt && (
          <Button size="small" variant="contained" color="error" onClick={() => act("HIDE_LISTING")}>
            Hide listing
          </Button>
        )}
        {canModerateUser && person && (
          <>
            <Button size="small" variant="outlined" onClick={() => act("WARN_USER", person)}>
              {listing ? "Warn seller" : "Warn user"}
            </Button>
            <Button size="small" variant="outlined" color="error" onClick={() => act("SUSPEND_USER", person)}>
              {listing ? "Suspend seller" : "Suspend user"}
            </Button>
          </>
        )}
        <Button size="small" onClick={() => act("DISMISS")}>
          Dismiss
        </Button>
      </Stack>
    </Paper>
  );
}

const flaggedCount = (n: number) => (n === 1 ? "1 flagged message" : `${n} flagged messages`) + " in 30 days";

/** The flagged chat messages of an account: admins see these, not the conversations around them. */
function FlaggedMessages({ messages }: { messages: FlaggedMessageFieldsFragment[] }) {
  if (!messages.length) return null;
  return (
    <Box component="ul" aria-label="Flagged messages" sx={{ pl: 2.5, my: 1 }}>
      {messages.map((m) => (
        <li key={m.id}>
          <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
            &ldquo;{m.body}&rdquo;{" "}
            <Box component="span" sx={{ color: "text.secondary" }}>
              ({m.flags.join(", ").replaceAll("_", " ")}, {formatDateTime(m.createdAt)})
            </Box>
          </Typography>
        </li>
      ))}
    </Box>
  );
}

/** Accounts screening often flags, most flagged and reported first, with a warn or suspend at hand. */
function FlaggedAccounts({ onAct }: { onAct: (p: Pending) => void }) {
  const [page, setPage] = useState(1);
  const query = useFlaggedAccountsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="flagged-heading">
      <Typography id="flagged-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Flagged accounts{query.data ? ` (${query.data.flaggedAccounts.totalItems})` : ""}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.flaggedAccounts}
        skeleton={<LoadingState />}
        errorText={`Error loading flagged accounts: ${errorMessage(query.error, "please try again.")}`}
        empty="No account has 3 or more flagged messages in the last 30 days."
        onRetry={() => void query.refetch()}
      >
        {(result) => (
          <>
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
            <Pager
              page={result.page}
              pageSize={result.pageSize}
              totalItems={result.totalItems}
              totalPages={result.totalPages}
              noun="accounts"
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}

/** Listings held for a photo matching another seller's: shown again by an admin, or left hidden. */
function HeldListings({ onAct }: { onAct: (p: Pending) => void }) {
  const [page, setPage] = useState(1);
  const query = useHeldListingsQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="held-heading">
      <Typography id="held-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Held for review{query.data ? ` (${query.data.heldListings.totalItems})` : ""}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.heldListings}
        skeleton={<LoadingState />}
        errorText={`Error loading held listings: ${errorMessage(query.error, "please try again.")}`}
        empty="No listing is held for review."
        onRetry={() => void query.refetch()}
      >
        {(result) => (
          <>
            <Stack component="ul" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Held listings">
              {result.items.map((p) => (
                <Paper component="li" key={p.id} variant="outlined" sx={{ p: 1.5 }}>
                  <Link component={RouterLink} to={`/shop/${p.id}`} sx={{ fontWeight: 600, overflowWrap: "anywhere" }}>
                    {p.name}
                  </Link>
                  <Typography variant="body2" color="text.secondary">
                    {p.seller ? `by ${p.seller.username} · ` : ""}
                    {p.heldReason}
                  </Typography>
                  <Button
                    size="small"
                    onClick={() => onAct({ targetKind: "LISTING", targetId: p.id, action: "UNHIDE_LISTING", name: p.name })}
                  >
                    Show again
                  </Button>
                </Paper>
              ))}
            </Stack>
            <Pager
              page={result.page}
              pageSize={result.pageSize}
              totalItems={result.totalItems}
              totalPages={result.totalPages}
              noun="listings"
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}

const LOG_TEXT: Record<ModerationActionKind, string> = {
  HIDE_LISTING: "hid listing",
  UNHIDE_LISTING: "showed listing",
  WARN_USER: "warned",
  SUSPEND_USER: "suspended",
  UNSUSPEND_USER: "lifted the suspension of",
  DISMISS: "dismissed reports about",
};

/** The reversal an audit row offers (the server refuses it when it was undone already). */
const UNDO: Partial<Record<ModerationActionKind, ModerationActionKind>> = {
  HIDE_LISTING: "UNHIDE_LISTING",
  SUSPEND_USER: "UNSUSPEND_USER",
};

function AuditTrail({ onAct }: { onAct: (p: Pending) => void }) {
  const [page, setPage] = useState(1);
  const query = useModerationLogQuery({ variables: { page }, fetchPolicy: "cache-and-network" });
  return (
    <Box component="section" aria-labelledby="audit-heading">
      <Typography id="audit-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        Audit trail
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.moderationLog}
        skeleton={<LoadingState />}
        errorText={`Error loading the audit trail: ${errorMessage(query.error, "please try again.")}`}
        empty="No moderation actions yet."
        onRetry={() => void query.refetch()}
      >
        {(result) => (
          <>
            <Stack component="ol" spacing={1} sx={{ listStyle: "none", p: 0, m: 0 }} aria-label="Moderation actions, newest first">
              {result.items.map((entry) => {
                const undo = UNDO[entry.action];
                const label = entry.targetLabel ?? "a deleted item";
                return (
                  <Paper component="li" key={entry.id} variant="outlined" sx={{ p: 1.5 }}>
                    <Typography variant="body2" sx={{ overflowWrap: "anywhere" }}>
                      <strong>{entry.adminName ?? "Former admin"}</strong> {LOG_TEXT[entry.action]} <strong>{label}</strong>
                      {entry.note ? `: "${entry.note}"` : ""}
                    </Typography>
                    <Stack direction="row" spacing={1} sx={{ alignItems: "center", justifyContent: "space-between", flexWrap: "wrap" }}>
                      <Typography variant="caption" color="text.secondary" component="time" dateTime={entry.createdAt}>
                        {formatDateTime(entry.createdAt)}
                      </Typography>
                      {undo && (
                        <Button
                          size="small"
                          onClick={() => onAct({ targetKind: entry.targetKind, targetId: entry.targetId, action: undo, name: label })}
                        >
                          {ACTIONS[undo].label}
                        </Button>
                      )}
                    </Stack>
                  </Paper>
                );
              })}
            </Stack>
            <Pager
              page={result.page}
              pageSize={result.pageSize}
              totalItems={result.totalItems}
              totalPages={result.totalPages}
              noun="actions"
              onPage={setPage}
            />
          </>
        )}
      </QueryState>
    </Box>
  );
}

/** Confirms an action on a case or trail entry and runs it; the queue and trail refresh. */
function ActionDialog({ pending, onClose }: { pending: Pending; onClose: () => void }) {
  const [moderate] = useModerateMutation({
    refetchQueries: ["ModerationQueue", "FlaggedAccounts", "HeldListings", "ModerationLog"],
    awaitRefetchQueries: true,
  });
  return (
    <ModerationDialog
      action={pending.action}
      name={pending.name}
      onClose={onClose}
      run={(note) =>
        moderate({ variables: { input: { targetKind: pending.targetKind, targetId: pending.targetId, action: pending.action, note } } })
      }
    />
  );
}
