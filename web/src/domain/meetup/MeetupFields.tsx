import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { meetupDays, meetupTimes, type MeetupSlot } from "./slots";

export type MeetupChoice = MeetupSlot & { point: string };
export type MeetupPoint = { slug: string; label: string };

type MeetupFieldsProps = {
  points: readonly MeetupPoint[];
  value: MeetupChoice;
  onChange: (value: MeetupChoice) => void;
  pointError?: string;
  disabled?: boolean;
};

/**
 * Meetup point, day and time as native selects (the phone's own picker, big touch targets). Times
 * are Pakistan time and only those still ahead are offered.
 */
export function MeetupFields({ points, value, onChange, pointError, disabled }: MeetupFieldsProps) {
  const { t } = useTranslation("deals");
  const days = useMemo(() => meetupDays(), []);
  const times = useMemo(() => meetupTimes(value.day), [value.day]);
  const pickDay = (day: string) => {
    const dayTimes = meetupTimes(day);
    onChange({ ...value, day, time: dayTimes.some((t) => t.value === value.time) ? value.time : (dayTimes[0]?.value ?? "") });
  };
  return (
    <Stack spacing={1.5}>
      <TextField
        select
        label={t("meetup.point")}
        value={value.point}
        onChange={(e) => onChange({ ...value, point: e.target.value })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        size="small"
        required
        disabled={disabled}
        error={Boolean(pointError)}
        helperText={pointError}
      >
        <option value="">{t("meetup.choosePoint")}</option>
        {points.map((point) => (
          <option key={point.slug} value={point.slug}>
            {point.label}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label={t("meetup.day")}
        value={value.day}
        onChange={(e) => pickDay(e.target.value)}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        size="small"
        fullWidth
        disabled={disabled}
      >
        {days.map((day) => (
          <option key={day.value} value={day.value}>
            {day.relative ? t(`meetup.${day.relative}`, { day: day.name }) : day.name}
          </option>
        ))}
      </TextField>
      <TextField
        select
        label={t("meetup.time")}
        value={value.time}
        onChange={(e) => onChange({ ...value, time: e.target.value })}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        size="small"
        fullWidth
        disabled={disabled}
      >
        {times.map((time) => (
          <option key={time.value} value={time.value}>
            {time.label}
          </option>
        ))}
      </TextField>
    </Stack>
  );
}
