import NotificationsOutlined from "@mui/icons-material/NotificationsOutlined";
import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import { useApolloClient } from "@apollo/client/react";
import { Link as RouterLink } from "react-router-dom";
import { NotificationAddedDocument, NotificationBellDocument } from "../../generated/graphql";
import { useNotificationBellQuery, useSetLanguageMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { currentLanguage } from "../../lib/i18n";
import { useLiveEvents } from "../../lib/live";
import { useTranslation } from "react-i18next";
import { useEffect } from "react";

/** The user and language the server last heard of from this browser: told again only when either changes. */
const SYNCED_KEY = "unibazaar.language.synced";

/**
 * Tells the server the reader's language (the switch's choice), so the notifications, pushes and
 * e-mails it writes to them are in it too; once per user and language on this browser.
 */
function useServerLanguage(userId: string | undefined) {
  const { i18n } = useTranslation();
  const [setLanguage] = useSetLanguageMutation();
  const language = i18n.resolvedLanguage ? currentLanguage() : null;
  useEffect(() => {
    if (!userId || !language) return;
    const synced = `${userId}:${language}`;
    if (localStorage.getItem(SYNCED_KEY) === synced) return;
    setLanguage({ variables: { language } })
      .then(() => localStorage.setItem(SYNCED_KEY, synced))
      // not told this time: the next page load tries again
      .catch(() => undefined);
  }, [userId, language, setLanguage]);
}

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
  useServerLanguage(user?.id);
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
