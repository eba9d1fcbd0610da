import Alert from "@mui/material/Alert";
import Step from "@mui/material/Step";
import StepLabel from "@mui/material/StepLabel";
import Stepper from "@mui/material/Stepper";
import Typography from "@mui/material/Typography";
import { useTheme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { OrderTimelineFieldsFragment } from "../generated/graphql";
import { formatDateTime } from "../lib/format";
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
  const { steps, activeStep, stopped } = timelineSteps(order);
  return (
    <>
      {stopped && (
        <Alert severity={stopped.status === "CANCELLED" ? "info" : "error"} sx={{ mb: 2 }}>
          {stopped.status === "CANCELLED" ? "This order was cancelled" : "This order was rejected by the seller"}
          {stopped.at ? ` on ${formatDateTime(stopped.at)}.` : "."}
        </Alert>
      )}
      <Stepper
        activeStep={activeStep}
        orientation={phone ? "vertical" : "horizontal"}
        alternativeLabel={!phone}
        aria-label="Order status timeline"
      >
        {steps.map((step) => (
          <Step key={step.status} completed={step.state === "complete"} aria-current={step.state === "current" ? "step" : undefined}>
            <StepLabel
              error={step.state === "stopped"}
              optional={
                <>
                  <Typography variant="caption" component="span" sx={{ display: "block" }} color="text.secondary">
                    {step.description}
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
              {step.label}
              {step.state === "current" && <span className="visually-hidden"> (current status)</span>}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
    </>
  );
}
