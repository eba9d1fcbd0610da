import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Fragment, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link as RouterLink } from "react-router-dom";
import { MessageButton } from "../../../domain/messages/MessageButton";
import { MeetupPanel } from "../../../domain/meetup/MeetupPanel";
import { ReliabilityLine } from "../../../domain/reliability/ReliabilityLine";
import { SellerHandover } from "../../../domain/handover/SellerHandover";
import { SellerDispute } from "../../../domain/dispute/SellerDispute";
import { paymentMethodLabel, paymentStatusLabel } from "../../../domain/order/payment";
import type { DashboardSellerOrderFragment } from "../../../generated/graphql";
import { formatPKR } from "../../../lib/format";

/** What a seller needs to deliver a sale: buyer, address or campus meetup, contact, payment, total. */
export function SellerOrderDetails({ order }: { order: DashboardSellerOrderFragment }) {
  const { t } = useTranslation("seller");
  // what the buyer wrote is isolated: an English address keeps its order on the Urdu page; a number always reads left to right
  const rows: Array<[string, ReactNode]> = [
    [t("details.order"), order.orderNumber],
    [t("details.buyer"), order.buyer ? <bdi>{order.buyer.username}</bdi> : "-"],
    ...(order.shipping
      ? ([
          [t("details.address"), <bdi>{order.shipping.address}</bdi>],
          [t("details.city"), <bdi>{order.shipping.city}</bdi>],
          [t("details.postalCode"), <bdi>{order.shipping.postalCode}</bdi>],
          [t("details.country"), <bdi>{order.shipping.country}</bdi>],
        ] as Array<[string, ReactNode]>)
      : [[t("details.delivery"), t("details.meetOnCampus")] as [string, ReactNode]]),
    // the buyer's phone comes with the order once the seller confirms it
    [t("details.contactNumber"), order.contactNumber ? <span dir="ltr">{order.contactNumber}</span> : "-"],
    [
      t("details.payment"),
      t("details.paymentValue", {
        method: paymentMethodLabel(order.paymentMethod),
        status: paymentStatusLabel(order.paymentStatus).toLowerCase(),
      }),
    ],
    [t("details.total"), formatPKR(order.total)],
  ];
  // a conversation is about one product: the order's first one still known
  const productId = order.lines.find((line) => line.productId)?.productId;
  return (
    <>
      <Box
        component="dl"
        sx={{ m: 0, display: "grid", gridTemplateColumns: { xs: "1fr", sm: "max-content 1fr" }, columnGap: 3, rowGap: 0.5 }}
      >
        {rows.map(([term, value]) => (
          <Fragment key={term}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {term}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 1, sm: 0 }, overflowWrap: "anywhere" }}>
              {value}
            </Typography>
          </Fragment>
        ))}
      </Box>
      {order.buyer && (
        <Box sx={{ mt: 1 }}>
          <ReliabilityLine reliability={order.buyer.reliability} asBuyer />
        </Box>
      )}
      <Link component={RouterLink} to={`/orders/${order.id}`} variant="body2" sx={{ display: "inline-block", mt: 1 }}>
        {t("details.orderPage")}
      </Link>
      {order.meetup && (
        <Box sx={{ mt: 2 }}>
          <MeetupPanel order={order} viewer="SELLER" />
        </Box>
      )}
      <SellerHandover order={order} orderNumber={order.orderNumber} />
      {order.dispute && <SellerDispute dispute={order.dispute} canAnswer={order.actions.includes("ANSWER_DISPUTE")} />}
      {productId && order.buyer && (
        <MessageButton productId={productId} buyerId={order.buyer.id} label={t("details.messageBuyer")} size="small" sx={{ mt: 1.5 }} />
      )}
    </>
  );
}
