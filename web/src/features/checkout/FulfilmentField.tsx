import Alert from "@mui/material/Alert";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormLabel from "@mui/material/FormLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import type { Fulfilment } from "../../generated/graphql";
import { MeetupFields, type MeetupChoice, type MeetupPoint } from "../../domain/meetup/MeetupFields";

type FulfilmentFieldProps = {
  value: Fulfilment;
  onChange: (value: Fulfilment) => void;
  /** The one campus of the cart's listings, or why a meetup is not possible. */
  campus: { label: string; points: readonly MeetupPoint[] } | { problem: string } | null;
  meetup: MeetupChoice;
  onMeetup: (value: MeetupChoice) => void;
  pointError?: string;
};

/** "Delivery to your door" or "Meet on campus" (a point on the listings' campus, a day and a time). */
export function FulfilmentField({ value, onChange, campus, meetup, onMeetup, pointError }: FulfilmentFieldProps) {
  const { t } = useTranslation("checkout");
  return (
    <FormControl sx={{ mt: 3, display: "block" }}>
      <FormLabel id="fulfilment-label" sx={{ fontWeight: 700, color: "text.primary" }}>
        {t("fulfilment.question")}
      </FormLabel>
      <RadioGroup
        aria-labelledby="fulfilment-label"
        name="fulfilment"
        value={value}
        onChange={(e) => onChange(e.target.value as Fulfilment)}
      >
        <FormControlLabel value="ADDRESS" control={<Radio />} label={t("fulfilment.ADDRESS")} />
        <FormControlLabel value="MEETUP" control={<Radio />} label={t("fulfilment.MEETUP")} disabled={!campus || "problem" in campus} />
      </RadioGroup>
      {campus && "problem" in campus && (
        <Typography variant="body2" color="text.secondary">
          {campus.problem}
        </Typography>
      )}
      {value === "MEETUP" && campus && "points" in campus && (
        <>
          <Alert severity="info" sx={{ my: 1 }}>
            {t("fulfilment.meetSeller", { campus: campus.label })}
          </Alert>
          <MeetupFields points={campus.points} value={meetup} onChange={onMeetup} pointError={pointError} />
        </>
      )}
    </FormControl>
  );
}
