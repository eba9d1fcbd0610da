import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import Typography from "@mui/material/Typography";
import type { ApolloCache } from "@apollo/client";
import { useApolloClient } from "@apollo/client/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";
import { PaginationBar } from "../../components/PaginationBar";
import { QueryState } from "../../components/QueryState";
import { usePageTitle } from "../../components/usePageTitle";
import { NotificationAddedDocument, NotificationsDocument } from "../../generated/graphql";
import {
  useMarkAllNotificationsReadMutation,
  useMarkNotificationReadMutation,
  useNotificationBellQuery,
  useNotificationsQuery,
} from "../../generated/hooks";
import { formatDateTime } from "../../lib/format";
import { useLiveEvents } from "../../lib/live";
import { PushSettings } from "./PushSettings";

/** The bell's count lives in the cache (root field): a read notification lowers it at once. */
const setUnread = (cache: ApolloCache, next: (count: number) => number) =>
  cache.modify({ fields: { notificationUnreadCount: (count: number) => Math.max(0, next(count)) } });

/** /notifications — the signed-in user's notifications, newest first; opening one marks it read. */
export function NotificationsPage() {
  const { t } = useTranslation("notifications");
  usePageTitle(t("title"));
  const notify = useNotify();
  const [page, setPage] = useState(1);
  const client = useApolloClient();
  const pollInterval = useLiveEvents(NotificationAddedDocument, () => void client.refetchQueries({ include: [NotificationsDocument] }));
  const query = useNotificationsQuery({ variables: { page }, pollInterval });
  const unread = useNotificationBellQuery().data?.notificationUnreadCount ?? 0;
  const [markRead] = useMarkNotificationReadMutation();
  const [markAll, markingAll] = useMarkAllNotificationsReadMutation();

  const open = (id: string, wasUnread: boolean) => {
    if (!wasUnread) return;
    // the link opens at once; the mark follows (a failure only leaves it unread)
    void markRead({ variables: { id }, update: (cache) => setUnread(cache, (n) => n - 1) }).catch(() => undefined);
  };

  const readAll = async () => {
    try {
      await markAll({ update: (cache) => setUnread(cache, () => 0) });
      await query.refetch();
    } catch (e) {
      notify.error(errorMessage(e, t("markFailed")));
    }
  };

  return (
    <Container maxWidth="sm" sx={{ py: { xs: 2, md: 4 } }}>
      <Box sx={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 1, mb: 2, flexWrap: "wrap" }}>
        <Typography variant="h4" component="h1" sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
          {t("title")}
        </Typography>
        <Button variant="outlined" size="small" onClick={readAll} disabled={unread === 0 || markingAll.loading}>
          {t("markAll")}
        </Button>
      </Box>
      <PushSettings />
      <QueryState
        loading={query.loading}
        error={query.error}
        data={query.data?.notifications}
        empty={t("none")}
        onRetry={() => void query.refetch()}
      >
        {(notifications) => (
          <>
            <List aria-label={t("title")} disablePadding>
              {notifications.items.map((n) => {
                const isUnread = !n.readAt;
                return (
                  <ListItem key={n.id} disablePadding divider>
                    <ListItemButton
                      component={RouterLink}
                      to={n.link}
                      onClick={() => open(n.id, isUnread)}
                      sx={{
                        px: 1.5,
                        borderLeft: 4,
                        borderLeftColor: isUnread ? "primary.main" : "transparent",
                        bgcolor: isUnread ? "action.hover" : undefined,
                      }}
                    >
                      <ListItemText
                        primary={
                          <>
                            {isUnread && <span className="visually-hidden">{t("unread")} </span>}
                            {/* written by the server in the reader's language; one written before in another keeps its own direction */}
                            <span dir="auto">{n.text}</span>
                          </>
                        }
                        secondary={formatDateTime(n.createdAt)}
                        slotProps={{
                          primary: { sx: { fontWeight: isUnread ? 700 : 400, overflowWrap: "anywhere", whiteSpace: "pre-line" } },
                        }}
                      />
                    </ListItemButton>
                  </ListItem>
                );
              })}
            </List>
            <PaginationBar page={notifications.page} totalPages={notifications.totalPages} onChange={setPage} />
          </>
        )}
      </QueryState>
    </Container>
  );
}
