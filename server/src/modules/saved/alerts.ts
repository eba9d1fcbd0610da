import { formatPKR } from "@unibazaar/rules";
import type { EntityManager } from "typeorm";
import { NotificationKind } from "../notifications/entity";
import type { NotificationsService } from "../notifications/service";
import type { OrderPlaced } from "../orders/events";
import type { Product } from "../products/entity";
import type { ProductChanged } from "../products/events";
import { SavedItem } from "./entity";

const productPath = (productId: string) => `/shop/${productId}`;

/**
 * The bell for saved listings: whoever saved a listing hears when it gets cheaper than when they
 * saved it, or sells out. Subscribed in the transaction of the change it reports.
 */
export class SavedAlerts {
  constructor(private readonly notifications: NotificationsService) {}

  /** A listing was edited: a lower price, or its last unit taken away. */
  async productChanged({ product, before }: ProductChanged, manager: EntityManager): Promise<void> {
    if (product.pricePaisa < before.pricePaisa) await this.priceDropped(manager, product);
    if (before.quantityAvailable > 0 && product.quantityAvailable === 0) await this.soldOut(manager, [product.id], null);
  }

  /** A checkout took units: its listings that sold out (the buyer is not told). */
  async orderPlaced({ productIds, buyer }: OrderPlaced, manager: EntityManager): Promise<void> {
    await this.soldOut(manager, productIds, buyer.id);
  }

  /** After a price change: tells those who saved the listing at a higher price. */
  async priceDropped(manager: EntityManager, product: Product): Promise<void> {
    const savers = await manager
      .getRepository(SavedItem)
      .createQueryBuilder("s")
      .select("s.userId", "userId")
      .where(`s."productId" = :id AND s."savedPricePaisa" > :price`, { id: product.id, price: product.pricePaisa })
      .getRawMany<{ userId: string }>();
    const text = `Price drop: "${product.name}" is now ${formatPKR(product.pricePaisa / 100)}.`;
    await this.notifications.notifyMany(
      savers.map(({ userId }) => ({ recipientId: userId, kind: NotificationKind.SAVED_ITEM, text, link: productPath(product.id) })),
      manager,
    );
  }

  /** After units were taken: tells those who saved any of these listings that is now sold out (not `buyerId`, who bought it). */
  async soldOut(manager: EntityManager, productIds: string[], buyerId: string | null): Promise<void> {
    const savers: Array<{ userId: string; productId: string; name: string }> = await manager.query(
      `SELECT s."userId", p.id AS "productId", p.name FROM saved_items s JOIN products p ON p.id = s."productId"
        WHERE p.id = ANY($1) AND p."quantityAvailable" = 0 AND s."userId" IS DISTINCT FROM $2`,
      [productIds, buyerId],
    );
    await this.notifications.notifyMany(
      savers.map((s) => ({
        recipientId: s.userId,
        kind: NotificationKind.SAVED_ITEM,
        text: `Sold: "${s.name}" is no longer available.`,
        link: productPath(s.productId),
      })),
      manager,
    );
  }
}
