import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import { useApolloClient } from "@apollo/client/react";
import { Link as RouterLink } from "react-router-dom";
import { NotificationAddedDocument, NotificationBellDocument } from "../generated/graphql";
import { useNotificationBellQuery } from "../generated/hooks";
import { useAuth } from "../lib/auth";
import { useLiveEvents } from "../lib/live";
import { useTranslation } from "react-i18next";

/** The header's bell for signed-in users: unread count, live over the socket (polled without one); opens /notifications. */
export function NotificationBell() {
  const { user } = useAuth();
  const client = useApolloClient();
  const pollInterval = useLiveEvents(
    NotificationAddedDocument,
    ({ notificationAdded }) =>
      client.cache.writeQuery({ query: NotificationBellDocument, data: { notificationUnreadCount: notificationAdded.unreadCount } }),
    !user,
  );
  const { t } = useTranslation();
  const query = useNotificationBellQuery({ skip: !user, pollInterval });
  if (!user) return null;
  const count = query.data?.notificationUnreadCount ?? 0;
  return (
    <IconButton
      title={t("header.notifications")}
      component={RouterLink}
      to="/notifications"
      aria-label={t("header.notificationsUnread", { count })}
    >
      {/* the name carries the count, as the cart's: the badge's number is text inside the link, even hidden at 0;
          remounted when it empties, or MUI keeps the old number in the hidden badge */}
      <Badge key={count === 0 ? "none" : "unread"} badgeContent={count} color="error" max={99} showZero={false}>
        <NotificationsOutlined />
      </Badge>
    </IconButton>
  );
}
