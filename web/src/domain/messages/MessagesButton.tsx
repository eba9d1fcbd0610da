import ChatBubbleOutlineOutlined from "@mui/icons-material/ChatBubbleOutlineOutlined";
import Badge from "@mui/material/Badge";
import IconButton from "@mui/material/IconButton";
import { useApolloClient } from "@apollo/client/react";
import { Link as RouterLink } from "react-router-dom";
import { MessageReceivedDocument } from "../../generated/graphql";
import { useMessagesButtonQuery } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { useLiveEvents } from "../../lib/live";
import { useTranslation } from "react-i18next";

/** The header's way to the inbox for signed-in users: unread messages, counted again on each new message (polled without a socket). */
export function MessagesButton() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const client = useApolloClient();
  const pollInterval = useLiveEvents(MessageReceivedDocument, () => void client.refetchQueries({ include: ["MessagesButton"] }), !user);
  const query = useMessagesButtonQuery({ skip: !user, pollInterval });
  if (!user) return null;
  const count = query.data?.unreadMessageCount ?? 0;
  return (
    <IconButton title={t("header.messages")} component={RouterLink} to="/messages" aria-label={t("header.messagesUnread", { count })}>
      {/* remounted when it empties, or MUI keeps the old number in the hidden badge (as the bell) */}
      <Badge key={count === 0 ? "none" : "unread"} badgeContent={count} color="error" max={99} showZero={false}>
        <ChatBubbleOutlineOutlined />
      </Badge>
    </IconButton>
  );
}
