import type { Reservation } from "./entity";

declare module "../../platform/events" {
  interface DomainEvents {
    /** A reservation was made, used by its buyer's checkout, or lapsed: the listing's free units changed. */
    "reservation.changed": { reservation: Reservation };
  }
}
