import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import jsQR from "jsqr";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * The phone's back camera, read frame by frame for a QR code of 6 digits (jsQR); calls `onCode`
 * once. Loaded only when the seller opens it, so neither the reader nor this file is in the first load.
 */
export function QrScanner({ onCode }: { onCode: (code: string) => void }) {
  const { t } = useTranslation("deals");
  const video = useRef<HTMLVideoElement>(null);
  const cameraSupported = typeof navigator.mediaDevices?.getUserMedia === "function";
  // which problem, worded at render (a language switch rewords it)
  const [problem, setProblem] = useState<"noCamera" | "cameraBlocked" | null>(cameraSupported ? null : "noCamera");

  useEffect(() => {
    let stream: MediaStream | null = null;
    let frame = 0;
    let done = false;
    const canvas = document.createElement("canvas");
    const context = canvas.getContext("2d", { willReadFrequently: true });

    const scan = () => {
      const v = video.current;
      if (done || !v || !context) return;
      if (v.readyState >= v.HAVE_ENOUGH_DATA && v.videoWidth) {
        canvas.width = v.videoWidth;
        canvas.height = v.videoHeight;
        context.drawImage(v, 0, 0);
        const found = jsQR(context.getImageData(0, 0, canvas.width, canvas.height).data, canvas.width, canvas.height);
        const code = found?.data.trim();
        if (code && /^\d{6}$/.test(code)) {
          done = true;
          return onCode(code);
        }
      }
      frame = requestAnimationFrame(scan);
    };

    if (!cameraSupported) return;
    navigator.mediaDevices
      .getUserMedia({ video: { facingMode: "environment" }, audio: false })
      .then((s) => {
        stream = s;
        if (done || !video.current) return s.getTracks().forEach((t) => t.stop());
        video.current.srcObject = s;
        void video.current.play();
        frame = requestAnimationFrame(scan);
      })
      .catch(() => setProblem("cameraBlocked"));
    return () => {
      done = true;
      cancelAnimationFrame(frame);
      stream?.getTracks().forEach((t) => t.stop());
    };
  }, [onCode, cameraSupported]);

  return problem ? (
    <Alert severity="warning" role="alert">
      {t(`handover.${problem}`)}
    </Alert>
  ) : (
    <Box
      component="video"
      ref={video}
      muted
      playsInline
      aria-label={t("handover.cameraView")}
      sx={{ width: "100%", borderRadius: 1, bgcolor: "grey.900" }}
    />
  );
}
