import type { EntityManager } from "typeorm";
import { NotificationKind, type NotificationsService } from "../notifications";
import type { OrderPlaced } from "../orders";
import type { JobQueue } from "../../platform/jobs";
import { isListed, LISTED, Product, type ProductChanged } from "../products";
import { SavedItem } from "./entity";

const productPath = (productId: string) => `/shop/${productId}`;

declare module "../../platform/jobs" {
  interface JobPayloads {
    "saved.price-dropped": { productId: string; pricePaisa: number };
    "saved.sold-out": { productIds: string[]; buyerId: string | null };
  }
}

/**
 * The bell for saved listings: whoever saved a listing hears when it gets cheaper than when they
 * saved it, or sells out. A listing may have many savers, so the change only enqueues a job (in
 * its transaction); the job writes the notifications, retried until it succeeds.
 */
export class SavedAlerts {
  constructor(
    private readonly notifications: NotificationsService,
    private readonly jobs: JobQueue,
  ) {}

  /** In the transaction of a listing's edit: a lower price, or its last unit taken away. */
  async productChanged({ product, before }: ProductChanged, manager: EntityManager): Promise<void> {
    if (product.pricePaisa < before.pricePaisa)
      await this.jobs.enqueue(manager, "saved.price-dropped", { productId: product.id, pricePaisa: product.pricePaisa });
    if (before.quantityAvailable > 0 && product.quantityAvailable === 0)
      await this.jobs.enqueue(manager, "saved.sold-out", { productIds: [product.id], buyerId: null });
  }

  /** In a checkout's transaction: its listings that sold out (the buyer is not told). */
  async orderPlaced({ productIds, buyer, soldOut }: OrderPlaced, manager: EntityManager): Promise<void> {
    if (soldOut) await this.jobs.enqueue(manager, "saved.sold-out", { productIds, buyerId: buyer.id });
  }

  /** The job: tells those who saved the listing at a higher price than the new one (while it is listed: a hidden one exists only for its seller and admins). */
  async priceDroppedJob({ productId, pricePaisa }: { productId: string; pricePaisa: number }, manager: EntityManager): Promise<void> {
    const product = await manager.findOneBy(Product, { id: productId });
    if (product && isListed(product)) await this.priceDropped(manager, { ...product, pricePaisa });
  }

  private async priceDropped(manager: EntityManager, product: Pick<Product, "id" | "name" | "pricePaisa">): Promise<void> {
    const savers = await manager
      .getRepository(SavedItem)
      .createQueryBuilder("s")
      .select("s.userId", "userId")
      .where(`s."productId" = :id AND s."savedPricePaisa" > :price`, { id: product.id, price: product.pricePaisa })
      .getRawMany<{ userId: string }>();
    const message = { key: "saved.priceDrop" as const, params: { product: product.name, pricePaisa: product.pricePaisa } };
    await this.notifications.notifyMany(
      savers.map(({ userId }) => ({ recipientId: userId, kind: NotificationKind.SAVED_ITEM, message, link: productPath(product.id) })),
      manager,
    );
  }

  /** The job: tells those who saved any of these listings that is now sold out (not `buyerId`, who bought it), listed ones only. */
  async soldOutJob({ productIds, buyerId }: { productIds: string[]; buyerId: string | null }, manager: EntityManager): Promise<void> {
    const savers: Array<{ userId: string; productId: string; name: string }> = await manager.query(
      `SELECT s."userId", p.id AS "productId", p.name FROM saved_items s JOIN products p ON p.id = s."productId"
        WHERE p.id = ANY($1) AND p."quantityAvailable" = 0 AND p."deletedAt" IS NULL AND ${LISTED} AND s."userId" IS DISTINCT FROM $2`,
      [productIds, buyerId],
    );
    await this.notifications.notifyMany(
      savers.map((s) => ({
        recipientId: s.userId,
        kind: NotificationKind.SAVED_ITEM,
        message: { key: "saved.sold", params: { product: s.name } },
        link: productPath(s.productId),
      })),
      manager,
    );
  }
}
