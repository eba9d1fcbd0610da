import type { EntityManager } from "typeorm";
import type { Phrase } from "../../platform/i18n";
import { NotificationKind, type NotificationsService } from "../notifications";
import { formatOrderNumber } from "../orders";

export const orderPath = (orderId: string) => `/orders/${orderId}`;
export const ADMIN_DISPUTES_PATH = "/dashboard/admin/disputes";
export const BALANCE_PATH = "/dashboard/seller/balance";

export { rupees } from "../../platform/shared/money";
export const orderLabel = (orderNumber: number) => formatOrderNumber(orderNumber);

/** The bell for money and disputes, always in the caller's transaction (a notice commits with its change). */
export class PaymentNotices {
  constructor(private readonly notifications: NotificationsService) {}

  /** Tells each listed user (a missing one is a deleted account) `message`, linking to `link`. */
  async tell(recipients: Array<string | null>, message: Phrase, link: string, manager: EntityManager): Promise<void> {
    const notices = [...new Set(recipients.filter((id): id is string => !!id))].map((recipientId) => ({
      recipientId,
      kind: NotificationKind.PAYMENT,
      message,
      link,
    }));
    await this.notifications.notifyMany(notices, manager);
  }

  /** Every admin hears `message` (a dispute to decide, or a payment problem at `link`). */
  async tellAdmins(message: Phrase, manager: EntityManager, link = ADMIN_DISPUTES_PATH): Promise<void> {
    const admins: Array<{ id: string }> = await manager.query(`SELECT id FROM users WHERE role = 'admin'`);
    await this.tell(
      admins.map((admin) => admin.id),
      message,
      link,
      manager,
    );
  }
}
