import { IsNull, type DataSource, type EntityManager } from "typeorm";
import { MAX_QUANTITY_AVAILABLE, stripBidi } from "@unibazaar/rules";
import { said } from "../../platform/i18n/errors";
import type { EventBus } from "../../platform/events";
import { z } from "zod";
import { isOwnImagePath, NOT_OWN_IMAGE, storedImageAddress } from "../../platform/http/public-url";
import { badInput, conflict, forbidden, notFound } from "../../platform/shared/errors";
import { MAX_PRODUCT_PHOTOS, priceRule } from "@unibazaar/rules";
import { toPaisa, toRupees } from "../../platform/shared/money";
import { isId, parseInput, ruleSaid } from "../../platform/shared/validation";
import { RETURNABLE_STATUSES } from "../../platform/shared/order-statuses";
import {
  CATEGORIES,
  COLORS,
  CONDITIONS,
  DEFAULT_CONDITION,
  normalizeCampus,
  normalizeCategory,
  normalizeColor,
  normalizeCondition,
} from "./catalog";
import { Product, visibleTo } from "./entity";
import { User } from "../users";
import { universityOf } from "../verification";
import type { AppConfig } from "../../platform/config";
import { Role, type AuthUser } from "../../platform/auth/roles";

export const SELLERS_MUST_VERIFY = said("listing.sellersMustVerify");

const quantityRule = (min: number, message = ruleSaid("listing.quantityRange", { min, max: MAX_QUANTITY_AVAILABLE })) =>
  z.number({ error: message }).int(message).min(min, message).max(MAX_QUANTITY_AVAILABLE, message);

/** A picture uploaded here (`uploadImage`), stored as its own path. */
const imageRule = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, emptyMessage)
    .max(500, ruleSaid("listing.imageUrlTooLong", { count: 500 }))
    .transform(storedImageAddress)
    .refine(isOwnImagePath, NOT_OWN_IMAGE);

const productFields = {
  name: z
    .string({ error: ruleSaid("listing.nameRequired") })
    .overwrite(stripBidi)
    .trim()
    .min(2, ruleSaid("listing.nameLength", { min: 2, max: 120 }))
    .max(120, ruleSaid("listing.nameLength", { min: 2, max: 120 })),
  description: z
    .string({ error: ruleSaid("listing.descriptionRequired") })
    .overwrite(stripBidi)
    .trim()
    .min(10, ruleSaid("listing.descriptionLength", { min: 10, max: 2000 }))
    .max(2000, ruleSaid("listing.descriptionLength", { min: 10, max: 2000 })),
  category: z.string({ error: ruleSaid("listing.categoryRequired") }).transform((value, ctx) => {
    const slug = normalizeCategory(value);
    if (!slug)
      ctx.addIssue({ code: "custom", message: ruleSaid("listing.chooseCategory", { choices: CATEGORIES.map((c) => c.slug).join(", ") }) });
    return slug ?? z.NEVER;
  }),
  // optional (a textbook has none): null or "" means none, and clears it on an edit
  color: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value == null || !value.trim()) return value === undefined ? undefined : null;
      const slug = normalizeColor(value);
      if (!slug)
        ctx.addIssue({ code: "custom", message: ruleSaid("listing.chooseColour", { choices: COLORS.map((c) => c.slug).join(", ") }) });
      return slug ?? z.NEVER;
    }),
  price: priceRule("Price"),
  oldPrice: priceRule("Old price").nullish(),
  condition: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value == null) return undefined;
      const slug = normalizeCondition(value);
      if (!slug)
        ctx.addIssue({
          code: "custom",
          message: ruleSaid("listing.chooseCondition", { choices: CONDITIONS.map((c) => c.slug).join(", ") }),
        });
      return slug ?? z.NEVER;
    }),
  // null or "" clears it
  campus: z
    .string()
    .nullish()
    .transform((value, ctx) => {
      if (value == null || !value.trim()) return value === undefined ? undefined : null;
      const slug = normalizeCampus(value);
      if (!slug) ctx.addIssue({ code: "custom", message: ruleSaid("listing.chooseCampus") });
      return slug ?? z.NEVER;
    }),
  image: imageRule(ruleSaid("listing.imageRequired")),
  // the photos after the main one, in the seller's order
  gallery: z
    .array(imageRule(ruleSaid("listing.photoEmpty")), { error: ruleSaid("listing.galleryList") })
    .max(MAX_PRODUCT_PHOTOS - 1, ruleSaid("listing.tooManyPhotos", { count: MAX_PRODUCT_PHOTOS }))
    .nullish()
    .transform((urls) => (urls === undefined ? undefined : (urls ?? []))),
};

const oldPriceAbovePrice = (v: { price?: number; oldPrice?: number | null }, ctx: z.RefinementCtx) => {
  if (v.oldPrice != null && v.price !== undefined && v.oldPrice <= v.price) {
    ctx.addIssue({ code: "custom", path: ["oldPrice"], message: ruleSaid("listing.oldPriceNotHigher") });
  }
};

// a new listing has something to sell; an edit may set 0 (sold elsewhere) or relist with 1 or more
const createSchema = z.object({ ...productFields, quantityAvailable: quantityRule(1).nullish() }).superRefine(oldPriceAbovePrice);
const updateSchema = z.object({ ...productFields, quantityAvailable: quantityRule(0) }).partial();

/** A product as a seller sends it; prices in PKR. The service validates every field. */
export type ProductFields = {
  name: string;
  description: string;
  category: string;
  /** A colour slug; null or "" for none. */
  color?: string | null;
  price: number;
  oldPrice?: number | null;
  /** The main photo. */
  image: string;
  /** The photos after the main one, in order (none unless given). */
  gallery?: string[] | null;
  /** Units for sale (1 unless given). */
  quantityAvailable?: number | null;
  /** A condition slug ("good" unless given). */
  condition?: string | null;
  /** A campus slug; null or "" for none. */
  campus?: string | null;
};

/**
 * Product writes: a seller lists, edits and removes their products (the catalogue's reads are
 * CatalogService). Prices come in as PKR and are stored in paisa; a deleted product is
 * soft-deleted so order history keeps pointing at it. Each write publishes its event.
 */
/**
 * Screens a listing's new photos (the scam shield's copied-photo check, handed in by app/services.ts):
 * the reason to hold the listing for review, or null.
 */
export type PhotoScreen = (manager: EntityManager, sellerId: string, images: string[]) => Promise<string | null>;

export class ProductsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly settings: Pick<AppConfig, "requireVerifiedSellers">,
    private readonly events: EventBus,
    private readonly screenPhotos: PhotoScreen,
  ) {}

  private get products() {
    return this.dataSource.getRepository(Product);
  }

  /**
   * Lists a product. With REQUIRE_VERIFIED_SELLERS only verified students (and admins) may; a listing
   * without a campus gets the seller's university campus, when it has one.
   */
  async create(input: ProductFields, seller: AuthUser): Promise<Product> {
    const v = parseInput(createSchema, input);
    // read only when a rule needs it, so listing with a campus costs no extra query
    const student =
      this.settings.requireVerifiedSellers || v.campus == null
        ? await this.dataSource
            .getRepository(User)
            .findOne({ where: { id: seller.id }, select: { id: true, verifiedAt: true, universityEmail: true } })
        : null;
    if (this.settings.requireVerifiedSellers && seller.role !== Role.ADMIN && !student?.verifiedAt) throw forbidden(SELLERS_MUST_VERIFY);
    const universityCampus = student?.verifiedAt && student.universityEmail ? universityOf(student.universityEmail)?.campus : null;
    const held = await this.screenPhotos(this.dataSource.manager, seller.id, [v.image, ...(v.gallery ?? [])]);
    // the listing and its event's subscribers (the new-listing alerts' job) commit together
    return this.dataSource.transaction(async (manager) => {
      const product = await manager.save(
        manager.create(Product, {
          name: v.name,
          description: v.description,
          category: v.category,
          color: v.color ?? null,
          pricePaisa: toPaisa(v.price),
          oldPricePaisa: v.oldPrice == null ? null : toPaisa(v.oldPrice),
          image: v.image,
          gallery: v.gallery ?? [],
          quantityAvailable: v.quantityAvailable ?? 1,
          condition: v.condition ?? DEFAULT_CONDITION,
          campus: v.campus ?? universityCampus ?? null,
          sellerId: seller.id,
          // held for review: hidden from the shop, seen by its seller (with the reason) and admins
          ...(held && { hiddenAt: new Date(), heldReason: held }),
        }),
      );
      await this.events.publish(manager, "product.listed", { product });
      return product;
    });
  }

  /**
   * Changes the fields given; `oldPrice: null` removes the old price. A quantity above 0 relists a
   * sold listing; 0 marks it sold. Owner or admin only.
   */
  async update(id: string, input: Partial<ProductFields>, user: AuthUser): Promise<Product> {
    const v = parseInput(updateSchema, input);
    const found = await this.ownedProduct(id, user);
    // only photos new to the listing are compared (one already on it was checked when it came)
    const current = new Set([found.image, ...found.gallery]);
    const added = [v.image, ...(v.gallery ?? [])].filter((url): url is string => url !== undefined && !current.has(url));
    const held = added.length > 0 && found.sellerId ? await this.screenPhotos(this.dataSource.manager, found.sellerId, added) : null;
    // in one transaction with its subscribers (those who saved it hear of a lower price or its selling out)
    return this.dataSource.transaction(async (manager) => {
      // the row as it is now, locked: saving the copy read above would write back what changed since
      // (a moderator's hide, a sale's units, a review's rating) as it was then
      const product = await manager.findOne(Product, { where: { id: found.id }, lock: { mode: "pessimistic_write" } });
      if (!product) throw notFound(said("listing.notFound"));
      const before = { pricePaisa: product.pricePaisa, quantityAvailable: product.quantityAvailable };
      const price = v.price ?? toRupees(product.pricePaisa);
      const oldPrice = v.oldPrice !== undefined ? v.oldPrice : product.oldPricePaisa == null ? null : toRupees(product.oldPricePaisa);
      if (oldPrice != null && oldPrice <= price) {
        throw badInput(said("listing.oldPriceNotHigher"), { oldPrice: said("listing.oldPriceNotHigher") });
      }
      if (v.quantityAvailable) await refuseRelistWhileHeld(manager, product);
      Object.assign(product, {
        ...(v.name !== undefined && { name: v.name }),
        ...(v.description !== undefined && { description: v.description }),
        ...(v.category !== undefined && { category: v.category }),
        ...(v.color !== undefined && { color: v.color }),
        ...(v.image !== undefined && { image: v.image }),
        ...(v.gallery !== undefined && { gallery: v.gallery }),
        ...(v.condition !== undefined && { condition: v.condition }),
        ...(v.campus !== undefined && { campus: v.campus }),
        ...(v.quantityAvailable !== undefined && {
          quantityAvailable: v.quantityAvailable,
          soldOutAt: v.quantityAvailable > 0 ? null : (product.soldOutAt ?? new Date()),
        }),
        pricePaisa: toPaisa(price),
        oldPricePaisa: oldPrice == null ? null : toPaisa(oldPrice),
        ...(held && !product.hiddenAt && { hiddenAt: new Date(), heldReason: held }),
      });
      const row = await manager.save(product);
      await this.events.publish(manager, "product.changed", { product: row, before });
      return row;
    });
  }

  /** Soft delete: the product leaves the shop; orders and reviews that mention it stay intact. */
  async remove(id: string, caller: AuthUser): Promise<void> {
    const product = await this.ownedProduct(id, caller);
    await this.products.softDelete({ id: product.id });
    await this.events.publish(this.dataSource.manager, "product.removed", { productId: product.id });
  }

  /** In the transaction deleting a seller's account: their listings leave the shop (soft delete). */
  async withdrawSellerListings(manager: EntityManager, sellerId: string): Promise<void> {
    await manager.update(Product, { sellerId, deletedAt: IsNull() }, { deletedAt: () => "now()" });
  }

  private async ownedProduct(id: string, caller: AuthUser): Promise<Product> {
    const product = isId(id) ? visibleTo(await this.products.findOneBy({ id }), caller) : null;
    if (!product) throw notFound(said("listing.notFound"));
    if (caller.role !== Role.ADMIN && product.sellerId !== caller.id) throw forbidden(said("listing.onlyOwn"));
    return product;
  }
}

/**
 * A sold listing whose units an open order still holds is not relisted: that order may be cancelled
 * or rejected and give them back, and they would then be sold twice (or a one-off item would show
 * two units). `product` is the listing's row as locked in this transaction, before the edit: a
 * cancel in flight either has given its units back (the listing is not sold any more) or still
 * shows its order open here.
 */
async function refuseRelistWhileHeld(manager: EntityManager, product: Product): Promise<void> {
  if (product.quantityAvailable > 0) return;
  const [held]: Array<{ units: number }> = await manager.query(
    `SELECT coalesce(sum(l.quantity), 0)::int AS units FROM order_lines l JOIN orders o ON o.id = l."orderId"
      WHERE l."productId" = $1 AND o.status = ANY($2)`,
    [product.id, RETURNABLE_STATUSES],
  );
  if (held.units > 0) {
    throw conflict(said("listing.openOrderHolds", { product: product.name }));
  }
}
