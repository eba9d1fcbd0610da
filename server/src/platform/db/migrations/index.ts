import { Initial1763700000000 } from "./1763700000000-initial";
import { OrderPayments1763800000000 } from "./1763800000000-order-payments";
import { CatalogueScale1763950000000 } from "./1763950000000-catalogue-scale";
import { MoneyBigint1764100000000 } from "./1764100000000-money-bigint";
import { Conversations1764500000000 } from "./1764500000000-conversations";
import { ListingQuantity1764600000000 } from "./1764600000000-listing-quantity";
import { ListingConditionCampus1764600000001 } from "./1764600000001-listing-condition-campus";
import { SavedItems1764600000002 } from "./1764600000002-saved-items";
import { Offers1764700000000 } from "./1764700000000-offers";
import { Notifications1764710000000 } from "./1764710000000-notifications";
import { VerifiedStudents1764720000000 } from "./1764720000000-verified-students";
import { Moderation1764730000000 } from "./1764730000000-moderation";
import { OrderMeetups1764740000000 } from "./1764740000000-order-meetups";
import { ProductGallery1764750000000 } from "./1764750000000-product-gallery";
import { SearchWords1764760000000 } from "./1764760000000-search-words";
import { OrderLineAgreedPrice1764820000000 } from "./1764820000000-order-line-agreed-price";
import { SignedOutReason1764830000000 } from "./1764830000000-signed-out-reason";
import { JobEffects1764840000000 } from "./1764840000000-job-effects";
import { ScamShield1764850000000 } from "./1764850000000-scam-shield";
import { CopiedPhotos1764850000001 } from "./1764850000001-copied-photos";
import { ProductColorOptional1764860000000 } from "./1764860000000-product-color-optional";
import { MessageImages1764870000000 } from "./1764870000000-message-images";
import { HandoverCodes1764930000000 } from "./1764930000000-handover-codes";
import { Reservations1764930000001 } from "./1764930000001-reservations";
import { DealsThatFinish1764940000000 } from "./1764940000000-deals-that-finish";
import { WalletPayments1764950000000 } from "./1764950000000-wallet-payments";
import { HeldPaymentsLedger1764960000000 } from "./1764960000000-held-payments-ledger";
import { ShopCoveringIndexes1764970000000 } from "./1764970000000-shop-covering-indexes";
import { PushSubscriptions1764980000000 } from "./1764980000000-push-subscriptions";
import { SavedSearchesWanted1765030000000 } from "./1765030000000-saved-searches-wanted";
import { CategorySearchIndex1765300000000 } from "./1765300000000-category-search-index";
import { ShopColourIndex1765300000001 } from "./1765300000001-shop-colour-index";
import { SearchEdits1765300000002 } from "./1765300000002-search-edits";
import { PaymentsOfRecord1765400000000 } from "./1765400000000-payments-of-record";
import { DropUnusedSearchFunctions1765300000003 } from "./1765300000003-drop-unused-search-functions";
import { CouponLimits1765410000000 } from "./1765410000000-coupon-limits";
import { MessagesByKey1765537428100 } from "./1765537428100-messages-by-key";
import { ListingReviewNotices1765600000000 } from "./1765600000000-listing-review-notices";
import { SearchByMonth1765700000000 } from "./1765700000000-search-by-month";
import { RefundsInDoubt1765800000000 } from "./1765800000000-refunds-in-doubt";
import { MissedMeetups1765900000000 } from "./1765900000000-missed-meetups";
import { SearchFeed1766000000000 } from "./1766000000000-search-feed";

/** Applied in order by `runMigrations`; add new ones at the end. */
export const migrations = [
  Initial1763700000000,
  OrderPayments1763800000000,
  CatalogueScale1763950000000,
  MoneyBigint1764100000000,
  Conversations1764500000000,
  ListingQuantity1764600000000,
  ListingConditionCampus1764600000001,
  SavedItems1764600000002,
  Offers1764700000000,
  Notifications1764710000000,
  VerifiedStudents1764720000000,
  Moderation1764730000000,
  OrderMeetups1764740000000,
  ProductGallery1764750000000,
  SearchWords1764760000000,
  OrderLineAgreedPrice1764820000000,
  SignedOutReason1764830000000,
  JobEffects1764840000000,
  ScamShield1764850000000,
  CopiedPhotos1764850000001,
  ProductColorOptional1764860000000,
  MessageImages1764870000000,
  HandoverCodes1764930000000,
  Reservations1764930000001,
  DealsThatFinish1764940000000,
  WalletPayments1764950000000,
  HeldPaymentsLedger1764960000000,
  ShopCoveringIndexes1764970000000,
  PushSubscriptions1764980000000,
  SavedSearchesWanted1765030000000,
  CategorySearchIndex1765300000000,
  ShopColourIndex1765300000001,
  SearchEdits1765300000002,
  DropUnusedSearchFunctions1765300000003,
  PaymentsOfRecord1765400000000,
  CouponLimits1765410000000,
  MessagesByKey1765537428100,
  ListingReviewNotices1765600000000,
  SearchByMonth1765700000000,
  RefundsInDoubt1765800000000,
  MissedMeetups1765900000000,
  SearchFeed1766000000000,
];
