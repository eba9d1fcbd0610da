import Button, { type ButtonProps } from "@mui/material/Button";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router-dom";
import { useStartConversationMutation } from "../../generated/hooks";
import { useAuth } from "../../lib/auth";
import { errorMessage } from "../../components/errors";
import { useNotify } from "../../components/Notify";

/**
 * Opens (or reopens) the conversation about a product and goes to it: a buyer's with the seller
 * ("Message seller"; hidden on one's own product), or with `buyerId` the seller's with a buyer who
 * ordered it ("Message buyer"). A visitor signs in first.
 */
export function MessageButton({
  productId,
  sellerId,
  buyerId,
  label,
  ...button
}: { productId: string; sellerId?: string | null; buyerId?: string; label?: string } & Omit<ButtonProps, "onClick">) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const notify = useNotify();
  const [start, starting] = useStartConversationMutation();
  const { user: me } = useAuth();
  if (me && !buyerId && me.id === sellerId) return null;

  const open = async () => {
    if (!me) {
      void navigate("/login", { state: { from: location.pathname } });
      return;
    }
    try {
      const { data } = await start({ variables: { productId, buyerId } });
      if (data) void navigate(`/messages/${data.startConversation.id}`);
    } catch (e) {
      notify.error(errorMessage(e, t("messageButton.failed")));
    }
  };

  return (
    <Button variant="outlined" {...button} onClick={() => void open()} disabled={starting.loading}>
      {label ?? t("messageButton.seller")}
    </Button>
  );
}
