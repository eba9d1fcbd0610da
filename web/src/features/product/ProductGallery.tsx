import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import { lazy, Suspense, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { uploadSrcSet } from "../../lib/images";

// the zoom dialog loads when it is first opened, not with the page
const ZoomDialog = lazy(async () => ({ default: (await import("./ZoomDialog")).ZoomDialog }));

/**
 * The product's pictures: the selected one large (tap or click to zoom), thumbnails below when
 * there are several (arrow keys move between them). `children` are overlays on the large picture
 * (discount, Sold).
 */
export function ProductGallery({ images, name, children }: { images: string[]; name: string; children?: ReactNode }) {
  const { t } = useTranslation("product");
  const [selected, setSelected] = useState(0);
  const [zoomOpen, setZoomOpen] = useState(false);
  const [zoomSeen, setZoomSeen] = useState(false);
  const thumbs = useRef<Array<HTMLButtonElement | null>>([]);
  const image = images[selected] ?? images[0];
  const count = images.length;

  const openZoom = () => {
    setZoomSeen(true);
    setZoomOpen(true);
  };
  const onThumbKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const next = (index + step + count) % count;
    setSelected(next);
    thumbs.current[next]?.focus();
  };

  return (
    <div>
      <Box sx={{ position: "relative" }}>
        <ButtonBase
          onClick={openZoom}
          aria-label={count > 1 ? t("gallery.zoomPicture", { n: selected + 1, count }) : t("gallery.zoom")}
          aria-haspopup="dialog"
          sx={{ display: "block", width: "100%", borderRadius: 2, cursor: "zoom-in" }}
        >
          <Box
            component="img"
            src={image}
            srcSet={uploadSrcSet(image)}
            sizes="(min-width: 1200px) 560px, (min-width: 900px) 45vw, 100vw"
            alt={count > 1 ? t("gallery.picture", { name, n: selected + 1, count }) : name}
            fetchPriority={selected === 0 ? "high" : "auto"}
            width={600}
            height={600}
            sx={{
              width: "100%",
              height: "auto",
              aspectRatio: "1",
              objectFit: "cover",
              borderRadius: 2,
              display: "block",
              bgcolor: "grey.100",
              border: 1,
              borderColor: "divider",
            }}
          />
        </ButtonBase>
        {children}
      </Box>
      {count > 1 && (
        <Box role="group" aria-label={t("gallery.pictures")} sx={{ display: "flex", gap: 1, mt: 1.5, flexWrap: "wrap" }}>
          {images.map((url, i) => (
            <ButtonBase
              key={url + i}
              ref={(el: HTMLButtonElement | null) => {
                thumbs.current[i] = el;
              }}
              onClick={() => setSelected(i)}
              onKeyDown={(e) => onThumbKey(e, i)}
              aria-label={t("gallery.show", { n: i + 1, count })}
              aria-pressed={i === selected}
              tabIndex={i === selected ? 0 : -1}
              sx={{
                width: 72,
                height: 72,
                borderRadius: 1.5,
                overflow: "hidden",
                border: 2,
                borderColor: i === selected ? "primary.main" : "divider",
                "&.Mui-focusVisible": { outline: "3px solid", outlineColor: "primary.main", outlineOffset: 2 },
              }}
            >
              <Box
                component="img"
                src={url}
                srcSet={uploadSrcSet(url)}
                sizes="72px"
                alt=""
                loading="lazy"
                width={72}
                height={72}
                sx={{ width: "100%", height: "100%", objectFit: "cover", display: "block" }}
              />
            </ButtonBase>
          ))}
        </Box>
      )}
      {zoomSeen && (
        <Suspense fallback={null}>
          <ZoomDialog
            images={images}
            name={name}
            index={selected}
            onIndex={setSelected}
            open={zoomOpen}
            onClose={() => setZoomOpen(false)}
          />
        </Suspense>
      )}
    </div>
  );
}
