import Badge from "@mui/material/Badge";
import Container from "@mui/material/Container";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { PaginationBar } from "../../components/PaginationBar";
import { QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { ConversationsDocument } from "../../generated/graphql";
import { useConversationsQuery } from "../../generated/hooks";
import { formatDateTime } from "../../lib/format";
import { useAuth } from "../../lib/auth";
import { otherParty, partyName } from "./parties";
import { useLiveMessages } from "./useLiveMessages";
import { useApolloClient } from "@apollo/client/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";

/** /messages — the signed-in user's conversations (as buyer and as seller), latest first. */
export function InboxPage() {
  const { t } = useTranslation("messages");
  usePageTitle(t("inbox.title"));
  const { user: me } = useAuth();
  const [page, setPage] = useState(1);
  // a new message reorders the inbox; without a socket, poll
  const client = useApolloClient();
  const pollInterval = useLiveMessages(() => void client.refetchQueries({ include: [ConversationsDocument] }));
  const query = useConversationsQuery({ variables: { page }, pollInterval });

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 4 } }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2, fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
        {t("inbox.title")}
      </Typography>
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.conversations}
        empty={t("inbox.none")}
        onRetry={() => void query.refetch()}
      >
        {(conversations) => (
          <>
            <List aria-label={t("inbox.conversations")} disablePadding>
              {conversations.items.map((c) => (
                <ListItemButton key={c.id} component={RouterLink} to={`/messages/${c.id}`} divider sx={{ px: 1 }}>
                  <ListItemText
                    primary={
                      <Badge
                        color="primary"
                        badgeContent={c.unreadCount}
                        aria-label={t("inbox.unread", { count: c.unreadCount })}
                        sx={{ pr: 2 }}
                      >
                        <strong>
                          <bdi>{partyName(otherParty(c, me?.id), t("formerUser"))}</bdi>
                        </strong>
                      </Badge>
                    }
                    secondary={
                      <>
                        <Typography component="span" variant="body2" color="text.primary" noWrap sx={{ display: "block" }}>
                          {c.product ? <bdi>{c.product.name}</bdi> : c.wantedPostId ? t("inbox.aboutWanted") : t("inbox.productGone")}
                        </Typography>
                        <Typography component="span" variant="body2" noWrap sx={{ display: "block" }}>
                          {c.lastMessage != null ? <bdi>{c.lastMessage}</bdi> : t("inbox.noMessages")} · {formatDateTime(c.lastMessageAt)}
                        </Typography>
                      </>
                    }
                  />
                </ListItemButton>
              ))}
            </List>
            <PaginationBar page={conversations.page} totalPages={conversations.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Container>
  );
}
