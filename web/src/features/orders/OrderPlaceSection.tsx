import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useTranslation } from "react-i18next";
import { MeetupPanel } from "../../domain/meetup/MeetupPanel";
import type { OrderDetailQuery } from "../../generated/graphql";
import { formatDateTime } from "../../lib/format";
import type { OrderSide } from "./side";

type Props = { order: NonNullable<OrderDetailQuery["order"]>; side: OrderSide; onChanged: () => void };

/** Where the order changes hands: the delivery address, or the campus meetup (arranged by the parties; an admin reads it). */
export function OrderPlaceSection({ order, side, onChanged }: Props) {
  const { t } = useTranslation("orders");
  return (
    <Paper variant="outlined" component="section" aria-labelledby="shipping-heading" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="shipping-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
        {order.shipping ? t("detail.shipping") : t("detail.meetup")}
      </Typography>
      {order.shipping ? (
        <Typography component="address" sx={{ fontStyle: "normal", overflowWrap: "anywhere" }}>
          {order.shipping.address}
          <br />
          {order.shipping.city} {order.shipping.postalCode}
          <br />
          {order.shipping.country}
        </Typography>
      ) : side === "ADMIN" ? (
        order.meetup && (
          <Typography sx={{ overflowWrap: "anywhere" }}>
            {t("detail.adminMeetup", {
              place: order.meetup.point?.label ?? order.meetup.campus.label,
              at: formatDateTime(order.meetup.at),
              state: t(`detail.meetupStates.${order.meetup.state}`),
            })}
          </Typography>
        )
      ) : (
        <MeetupPanel order={order} viewer={side === "SELLER" ? "SELLER" : "BUYER"} onChanged={onChanged} />
      )}
      {order.contactNumber && <Typography sx={{ mt: 1 }}>{t("detail.contact", { number: order.contactNumber })}</Typography>}
    </Paper>
  );
}
