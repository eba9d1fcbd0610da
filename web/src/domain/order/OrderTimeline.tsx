import Alert from "@mui/material/Alert";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import { useTranslation } from "react-i18next";
import type { OrderTimelineFieldsFragment } from "../../generated/graphql";
import { formatDateTime } from "../../lib/format";
import { timelineSteps } from "./orderTimelineSteps";

/**
 * The order timeline (delivery: pending, processing, shipped, completed; a campus meetup: placed,
 * confirmed, meetup agreed, handed over): steps before the current one are complete, the current
 * one is highlighted, each with its description and the time it was reached. Vertical on phones.
 * Rejected and cancelled orders say so above it.
 */
export function OrderTimeline({ order }: { order: OrderTimelineFieldsFragment }) {
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down("sm"), { noSsr: true });
  const { t } = useTranslation("deals");
  const { kind, steps, activeStep, stopped } = timelineSteps(order);
  const stoppedKey = stopped?.status === "CANCELLED" ? "cancelled" : "rejected";
  return (
    <>
      {stopped && (
        <Alert severity={stopped.status === "CANCELLED" ? "info" : "error"} sx={{ mb: 2 }}>
          {stopped.at ? t(`orderTimeline.${stoppedKey}On`, { date: formatDateTime(stopped.at) }) : t(`orderTimeline.${stoppedKey}`)}
        </Alert>
      )}
      <Stepper
        activeStep={activeStep}
        orientation={phone ? "vertical" : "horizontal"}
        alternativeLabel={!phone}
        aria-label={t("orderTimeline.label")}
      >
        {steps.map((step) => (
          <Step key={step.status} completed={step.state === "complete"} aria-current={step.state === "current" ? "step" : undefined}>
            <StepLabel
              error={step.state === "stopped"}
              optional={
                <>
                  <Typography variant="caption" component="span" sx={{ display: "block" }} color="text.secondary">
                    {t(`orderTimeline.${kind}.${step.status}.description`)}
                  </Typography>
                  {step.at && (
                    <Typography variant="caption" component="time" dateTime={step.at} sx={{ display: "block" }} color="text.secondary">
                      {formatDateTime(step.at)}
                    </Typography>
                  )}
                </>
              }
              slotProps={{ label: { sx: { fontWeight: step.state === "current" ? 800 : undefined } } }}
            >
              {t(`orderTimeline.${kind}.${step.status}.label`)}
              {step.state === "current" && <span className="visually-hidden">{t("orderTimeline.current")}</span>}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </>
  );
}
