import Box from "@mui/material/Box";
import Dialog from "@mui/material/Dialog";
import IconButton from "@mui/material/IconButton";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import ChevronLeft from "@mui/icons-material/ChevronLeft";
import ChevronRight from "@mui/icons-material/ChevronRight";
import Close from "@mui/icons-material/Close";
import { useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent } from "react";
import { useTranslation } from "react-i18next";

/** A swipe shorter than this (px) is a tap. */
const SWIPE_PX = 50;

/**
 * The product's pictures full size: arrows (buttons, ← →, or a swipe on a phone) change the picture,
 * a tap or click zooms in 2x where it was pointed (again to zoom out), Escape or Close shuts it.
 */
export function ZoomDialog({
  images,
  name,
  index,
  onIndex,
  open,
  onClose,
}: {
  images: string[];
  name: string;
  index: number;
  onIndex: (index: number) => void;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation("product");
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down("sm"));
  const [zoom, setZoom] = useState<{ x: number; y: number } | null>(null);
  const swipeStart = useRef<number | null>(null);
  // the click that ends a swipe must not zoom as well
  const justSwiped = useRef(false);
  const count = images.length;

  const go = (step: number) => {
    setZoom(null);
    onIndex((index + step + count) % count);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (count < 2) return;
    if (event.key === "ArrowRight") go(1);
    else if (event.key === "ArrowLeft") go(-1);
  };
  const toggleZoom = (event: MouseEvent<HTMLElement>) => {
    if (zoom) return setZoom(null);
    const box = event.currentTarget.getBoundingClientRect();
    // a keyboard "click" has no position: zoom into the middle
    const x = event.clientX ? ((event.clientX - box.left) / box.width) * 100 : 50;
    const y = event.clientY ? ((event.clientY - box.top) / box.height) * 100 : 50;
    setZoom({ x, y });
  };
  const onPointerDown = (event: PointerEvent) => {
    justSwiped.current = false;
    swipeStart.current = zoom || count < 2 ? null : event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeStart.current === null) return;
    const dx = event.clientX - swipeStart.current;
    swipeStart.current = null;
    if (Math.abs(dx) < SWIPE_PX) return;
    justSwiped.current = true;
    go(dx < 0 ? 1 : -1);
  };
  const onImageClick = (event: MouseEvent<HTMLElement>) => {
    if (justSwiped.current) {
      justSwiped.current = false;
      return;
    }
    toggleZoom(event);
  };

  const image = images[index] ?? images[0];
  const titleId = "zoom-dialog-title";
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      maxWidth="md"
      fullWidth
      aria-labelledby={titleId}
      onKeyDown={onKeyDown}
      slotProps={{ transition: { onExited: () => setZoom(null) } }}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 1, px: 2, py: 1 }}>
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ flex: 1, overflowWrap: "anywhere" }}>
          {name}
          {count > 1 && (
            <Typography component="span" color="text.secondary" sx={{ ml: 1 }}>
              {t("gallery.position", { n: index + 1, count })}
            </Typography>
          )}
        </Typography>
        <IconButton onClick={onClose} aria-label={t("gallery.close")}>
          <Close />
        </IconButton>
      </Box>
      <Box
        sx={{
          position: "relative",
          flex: 1,
          display: "flex",
          alignItems: "center",
          justifyContent: "center",
          bgcolor: "grey.100",
          touchAction: zoom ? "auto" : "pan-y",
        }}
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
      >
        <Box
          component="button"
          type="button"
          onClick={onImageClick}
          aria-label={zoom ? t("gallery.zoomOut") : t("gallery.zoomIn")}
          sx={{
            p: 0,
            border: 0,
            bgcolor: "transparent",
            overflow: "hidden",
            display: "block",
            width: "100%",
            maxWidth: 800,
            cursor: zoom ? "zoom-out" : "zoom-in",
          }}
        >
          <Box
            component="img"
            src={image}
            alt={count > 1 ? t("gallery.picture", { name, n: index + 1, count }) : name}
            width={800}
            height={800}
            draggable={false}
            sx={{
              width: "100%",
              height: "auto",
              aspectRatio: "1",
              objectFit: "contain",
              display: "block",
              transition: "transform 150ms ease-out",
              transform: zoom ? "scale(2)" : "none",
              transformOrigin: zoom ? `${zoom.x}% ${zoom.y}%` : "center",
            }}
          />
        </Box>
        {count > 1 && (
          <>
            <IconButton
              onClick={() => go(-1)}
              aria-label={t("gallery.previous")}
              sx={{
                position: "absolute",
                left: 8,
                top: "50%",
                transform: "translateY(-50%)",
                bgcolor: "background.paper",
                "&:hover": { bgcolor: "background.paper" },
              }}
            >
              <ChevronLeft />
            </IconButton>
            <IconButton
              onClick={() => go(1)}
              aria-label={t("gallery.next")}
              sx={{
                position: "absolute",
                right: 8,
                top: "50%",
                transform: "translateY(-50%)",
                bgcolor: "background.paper",
                "&:hover": { bgcolor: "background.paper" },
              }}
            >
              <ChevronRight />
            </IconButton>
          </>
        )}
      </Box>
    </Dialog>
  );
}
