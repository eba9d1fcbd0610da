import type { NotificationEvent } from "./service";

declare module "../../platform/events" {
  interface DomainEvents {
    /** A notification was written for `recipientId`; `live` is what their open subscriptions hear. */
    "notification.created": { recipientId: string; live: NotificationEvent };
  }
}
