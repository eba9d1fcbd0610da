/**
 * The reservations module's public face: what other modules (and app/) may import. The rest of this
 * folder is its own business; eslint.config.mjs refuses imports past this file.
 */
export { claimReservations, reserveForOffer } from "./hold";
export { OfferReservationFieldsResolver, ProductReservationFieldsResolver, ReservationsResolver } from "./resolver";
export { Reservation } from "./entity";
export { ReservationsService } from "./service";
export { activeReservationsCompanion, createReservationLoaders } from "./loaders";
