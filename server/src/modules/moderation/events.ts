import type { ModerationActionKind } from "./entity";

declare module "../../platform/events" {
  interface DomainEvents {
    /** An admin acted; `catalogueChanged` when the action hides or shows listings (or a seller's). */
    "moderation.acted": { action: ModerationActionKind; catalogueChanged: boolean };
    /** A hidden or held listing was shown in the shop again by an admin. */
    "product.published": { productId: string };
  }
}
