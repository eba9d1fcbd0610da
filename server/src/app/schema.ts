import { printSchemaWithDirectives } from "@graphql-tools/utils";
import { GraphQLSchema, lexicographicSortSchema, specifiedDirectives } from "graphql";
import { buildSchemaSync } from "type-graphql";
import { AuthResolver } from "../modules/auth/resolver";
import { ConversationsResolver, MessageFieldsResolver } from "../modules/conversations/resolver";
import { JobsResolver } from "../modules/jobs/resolver";
import { DisputeFieldsResolver, DisputesResolver, OrderEscrowFieldsResolver } from "../modules/escrow/resolver";
import { BalanceEntryFieldsResolver, LedgerResolver } from "../modules/ledger/resolver";
import { BalanceTestMoneyResolver, PayoutSellerResolver, PayoutsResolver } from "../modules/payouts/resolver";
import { PaymentProvidersResolver } from "../modules/payment-providers/resolver";
import { OfferReservationFieldsResolver, ProductReservationFieldsResolver, ReservationsResolver } from "../modules/reservations/resolver";
import { OrderContactResolver, OrderPartyContactResolver } from "../modules/orders/contact-resolver";
import { HandoverFieldsResolver, HandoverResolver } from "../modules/orders/handover-resolver";
import { ModerationResolver } from "../modules/moderation/resolver";
import { NotificationsResolver } from "../modules/notifications/resolver";
import {
  CheckoutFieldsResolver,
  OrderFieldsResolver,
  OrderLineFieldsResolver,
  OrdersResolver,
  QuoteLineFieldsResolver,
} from "../modules/orders/resolver";
import { ProductResolver, SellerProfileFieldsResolver } from "../modules/products/resolver";
import { ProductReviewsResolver, ReviewResolver } from "../modules/reviews/resolver";
import { DealReviewResolver, OrderReviewsResolver } from "../modules/reviews/deal-resolver";
import {
  BuyerReliabilityResolver,
  NoShowResolver,
  OrderNoShowResolver,
  PartyReliabilityResolver,
  SellerReliabilityResolver,
} from "../modules/reliability/resolver";
import { SavedResolver } from "../modules/saved/resolver";
import { SellersResolver } from "../modules/sellers/resolver";
import { StatsResolver } from "../modules/stats/resolver";
import { UploadResolver } from "../modules/uploads/resolver";
import { UserFieldsResolver, UsersResolver } from "../modules/users/resolver";
import { RecoveryResolver } from "../modules/recovery/resolver";
import { SellerStudentFieldsResolver, UserStudentFieldsResolver, VerificationResolver } from "../modules/verification/resolver";
import { authChecker, authDirective } from "../platform/graphql/auth";
import { resolveMoneyFields } from "../platform/graphql/money";
import { PushResolver } from "../modules/push/resolver";
import { SavedSearchesResolver } from "../modules/alerts/resolver";
import { WantedResolver } from "../modules/wanted/resolver";

/** Every resolver class of the API; a new feature adds its resolver here. */
const resolvers = [
  JobsResolver,
  AuthResolver,
  StatsResolver,
  UsersResolver,
  ProductResolver,
  ReviewResolver,
  ProductReviewsResolver,
  DealReviewResolver,
  OrderReviewsResolver,
  NoShowResolver,
  OrderNoShowResolver,
  SellerReliabilityResolver,
  PartyReliabilityResolver,
  BuyerReliabilityResolver,
  UploadResolver,
  OrdersResolver,
  CheckoutFieldsResolver,
  OrderFieldsResolver,
  HandoverResolver,
  HandoverFieldsResolver,
  SellersResolver,
  SavedResolver,
  PushResolver,
  SavedSearchesResolver,
  WantedResolver,
  ConversationsResolver,
  MessageFieldsResolver,
  ProductReservationFieldsResolver,
  ReservationsResolver,
  OfferReservationFieldsResolver,
  ModerationResolver,
  NotificationsResolver,
  VerificationResolver,
  RecoveryResolver,
  // the Verified student badge on users and sellers
  UserStudentFieldsResolver,
  SellerStudentFieldsResolver,
  // image addresses as absolute URLs
  SellerProfileFieldsResolver,
  UserFieldsResolver,
  OrderLineFieldsResolver,
  QuoteLineFieldsResolver,
  // the buyer's phone and e-mail on an order: as little as the deal needs
  OrderContactResolver,
  OrderPartyContactResolver,
  // held payments, disputes, balances and payouts
  DisputesResolver,
  DisputeFieldsResolver,
  OrderEscrowFieldsResolver,
  LedgerResolver,
  BalanceEntryFieldsResolver,
  PayoutsResolver,
  BalanceTestMoneyResolver,
  PayoutSellerResolver,
  PaymentProvidersResolver,
] as const;

let cached: GraphQLSchema | undefined;

/** Builds the executable schema once per process (TypeGraphQL metadata is global anyway). */
export function buildAppSchema(): GraphQLSchema {
  cached ??= resolveMoneyFields(
    buildSchemaSync({
      resolvers,
      authChecker,
      authMode: "error",
      // the standard @skip/@include/@deprecated stay: a list given here replaces them otherwise
      directives: [...specifiedDirectives, authDirective],
      // inputs are validated by the services, so REST and GraphQL share one set of rules
      validate: false,
      // TypeGraphQL asks for one pubSub per schema, but each server has its own live hub (Redis or
      // in-process): every @Subscription brings its own `subscribe` from context.services.live
      pubSub: {
        publish: () => {
          throw new Error("publish through services.live");
        },
        subscribe: () => {
          throw new Error("subscribe through context.services.live");
        },
      },
    }),
  );
  return cached;
}

/** The SDL committed as schema.graphql, with the @auth directives that say who may call what. */
export function printAppSchema(): string {
  return printSchemaWithDirectives(lexicographicSortSchema(buildAppSchema())) + "\n";
}
