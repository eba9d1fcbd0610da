import type { TFunction } from "i18next";

/** A span in hours as the reader says it: whole days past one day ("3 days"), hours otherwise ("6 hours"). */
export const durationLabel = (t: TFunction<"messages">, hours: number) =>
  hours % 24 === 0 && hours > 24 ? t("offer.days", { count: hours / 24 }) : t("offer.hours", { count: hours });
