import ShareOutlined from "@mui/icons-material/ShareOutlined";
import WhatsApp from "@mui/icons-material/WhatsApp";
import Button from "@mui/material/Button";
import { useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";

/**
 * "Share": the phone's share sheet (Web Share API) where there is one, else a WhatsApp link with the
 * text and this page's address. Chat apps then preview the link from the server's Open Graph tags.
 */
export function ShareButton({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const url = `${window.location.origin}${location.pathname}`;
  if (typeof navigator.share === "function") {
    const share = () =>
      navigator.share({ title, text, url }).catch(() => {
        // closing the share sheet rejects: nothing to report
      });
    return (
      <Button variant="text" color="inherit" size="small" startIcon={<ShareOutlined />} onClick={() => void share()}>
        {t("share.share")}
      </Button>
    );
  }
  return (
    <Button
      variant="text"
      color="inherit"
      size="small"
      startIcon={<WhatsApp />}
      href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
      target="_blank"
      rel="noopener noreferrer"
    >
      {t("share.whatsApp")}
    </Button>
  );
}
