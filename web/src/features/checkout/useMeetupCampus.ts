import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useMeetupPointsQuery } from "../../generated/hooks";
import type { Quote } from "./OrderSummary";

/** The one campus of the quoted listings with its meetup points, or why meeting on campus is not possible. */
export function useMeetupCampus(q: Quote | undefined, active: boolean) {
  const { t } = useTranslation("checkout");
  const points = useMeetupPointsQuery({ skip: !active }).data?.catalogOptions;
  return useMemo(() => {
    const available = q?.lines.filter((l) => l.available) ?? [];
    if (!available.length || !points) return null;
    const slugs = new Set(available.map((l) => l.campus));
    if (slugs.has(null)) return { problem: t("fulfilment.noCampus") };
    if (slugs.size > 1) return { problem: t("fulfilment.differentCampuses") };
    const slug = [...slugs][0]!;
    return {
      label: points.campuses.find((c) => c.slug === slug)?.label ?? slug,
      points: points.meetupPoints.filter((p) => p.campus === slug),
    };
  }, [q, points, t]);
}
