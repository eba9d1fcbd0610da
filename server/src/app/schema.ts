import { printSchemaWithDirectives } from "@graphql-tools/utils";
import { GraphQLSchema, lexicographicSortSchema, specifiedDirectives } from "graphql";
import { buildSchemaSync } from "type-graphql";
import { AuthResolver } from "../modules/auth";
import { ConversationsResolver, MessageFieldsResolver } from "../modules/conversations";
import { JobsResolver } from "../modules/jobs";
import { DisputeFieldsResolver, DisputesResolver, OrderEscrowFieldsResolver } from "../modules/escrow";
import { BalanceEntryFieldsResolver, LedgerResolver } from "../modules/ledger";
import { BalanceTestMoneyResolver, PayoutSellerResolver, PayoutsResolver } from "../modules/payouts";
import { PaymentProvidersResolver } from "../modules/payment-providers";
import { OfferReservationFieldsResolver, ProductReservationFieldsResolver, ReservationsResolver } from "../modules/reservations";
import {
  CheckoutFieldsResolver,
  HandoverFieldsResolver,
  HandoverResolver,
  OrderContactResolver,
  OrderFieldsResolver,
  OrderLineFieldsResolver,
  OrderPartyContactResolver,
  OrdersResolver,
  QuoteLineFieldsResolver,
} from "../modules/orders";
import { ModerationResolver } from "../modules/moderation";
import { NotificationsResolver } from "../modules/notifications";
import { ProductResolver, SellerProfileFieldsResolver } from "../modules/products";
import { DealReviewResolver, OrderReviewsResolver, ProductReviewsResolver, ReviewResolver } from "../modules/reviews";
import {
  BuyerReliabilityResolver,
  NoShowResolver,
  OrderNoShowResolver,
  PartyReliabilityResolver,
  SellerReliabilityResolver,
} from "../modules/reliability";
import { SavedResolver } from "../modules/saved";
import { SellersResolver } from "../modules/sellers";
import { StatsResolver } from "../modules/stats";
import { UploadResolver } from "../modules/uploads";
import { UserFieldsResolver, UsersResolver } from "../modules/users";
import { RecoveryResolver } from "../modules/recovery";
import { SellerStudentFieldsResolver, UserStudentFieldsResolver, VerificationResolver } from "../modules/verification";
import { authChecker, authDirective } from "../platform/graphql/auth";
import { resolveMoneyFields } from "../platform/graphql/money";
import { readPlainFieldsDirectly } from "../platform/graphql/plain-fields";
import { PushResolver } from "../modules/push";
import { SavedSearchesResolver } from "../modules/alerts";
import { WantedResolver } from "../modules/wanted";

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
  // plain fields read directly, then the money fields given their conversion
  cached ??= resolveMoneyFields(
    readPlainFieldsDirectly(
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
    ),
  );
  return cached;
}

/** The SDL committed as schema.graphql, with the @auth directives that say who may call what. */
export function printAppSchema(): string {
  return printSchemaWithDirectives(lexicographicSortSchema(buildAppSchema())) + "\n";
}
