import type { DataSource } from "typeorm";
import { said } from "../../platform/i18n/errors";
import { badInput, notFound } from "../../platform/shared/errors";
import { isId } from "../../platform/shared/validation";
import type { AuthUser } from "../../platform/auth/roles";
import { isListed, LISTED, Product } from "../products";
import { SavedItem } from "./entity";

/** How many listings one user may keep saved. */
export const MAX_SAVED = 200;

export enum SavedNotice {
  PRICE_DROP = "PRICE_DROP",
  SOLD = "SOLD",
}

/** Saved items: save and unsave a listing, the caller's list, and what changed since saving. */
export class SavedService {
  constructor(private readonly dataSource: DataSource) {}

  private get saved() {
    return this.dataSource.getRepository(SavedItem);
  }

  /** Saves a listed product at its current price; saving it again changes nothing. */
  async save(productId: string, caller: AuthUser): Promise<void> {
    const product = isId(productId) ? await this.dataSource.getRepository(Product).findOneBy({ id: productId }) : null;
    if (!product || !isListed(product)) throw notFound(said("listing.notFound"));
    if ((await this.saved.countBy({ userId: caller.id })) >= MAX_SAVED) throw badInput(said("saved.tooMany", { count: MAX_SAVED }));
    await this.saved
      .createQueryBuilder()
      .insert()
      .values({ userId: caller.id, productId: product.id, savedPricePaisa: product.pricePaisa })
      .orIgnore()
      .execute();
  }

  async unsave(productId: string, caller: AuthUser): Promise<void> {
    if (isId(productId)) await this.saved.delete({ userId: caller.id, productId });
  }

  /** The caller's saved listings, newest first; deleted and hidden listings drop out. */
  list(caller: AuthUser): Promise<SavedItem[]> {
    return this.saved
      .createQueryBuilder("s")
      .innerJoinAndSelect("s.product", "p")
      .where("s.userId = :userId", { userId: caller.id })
      .andWhere(LISTED)
      .orderBy("s.createdAt", "DESC")
      .addOrderBy("s.productId", "ASC")
      .getMany();
  }

  /** Ids of the caller's saved listings, for the hearts on cards. */
  async savedIds(caller: AuthUser): Promise<string[]> {
    const rows = await this.saved.find({ select: { productId: true }, where: { userId: caller.id } });
    return rows.map((row) => row.productId);
  }
}

/** What changed since saving: sold first (nothing left to buy), else a lower price. */
export function noticeOf(item: SavedItem): SavedNotice | null {
  if (item.product.quantityAvailable === 0) return SavedNotice.SOLD;
  if (item.product.pricePaisa < item.savedPricePaisa) return SavedNotice.PRICE_DROP;
  return null;
}
