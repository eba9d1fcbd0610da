import { In, IsNull, Not, type DataSource } from "typeorm";
import { z } from "zod";
import { moderationNoteRule } from "@unibazaar/rules";
import type { AuthUser } from "../../platform/auth/roles";
import type { EventBus } from "../../platform/events";
import { said } from "../../platform/i18n/errors";
import { conflict, notFound } from "../../platform/shared/errors";
import { pageInput, toPage, type Page } from "../../platform/shared/pagination";
import { idRule, parseInput } from "../../platform/shared/validation";
import { NotificationKind, type NotificationsService } from "../notifications";
import { endHoldKeepHidden, Product, setListingHidden } from "../products";
import { copiedPhotoMatches } from "../screening";
import { KeepHiddenReason, ModerationAction, ModerationActionKind, ReportTargetKind } from "./entity";

/**
 * A listing held for a copied photo as admins compare it: its matching photo (as stored) beside the
 * listing whose photo it matches (the oldest other seller's: the original), null when that is gone.
 */
export type HeldListingCaseView = { listing: Product; photo: string; original: Product | null };

/** Where a seller manages their listings: a listing review's notice opens it. */
const SELLER_PRODUCTS_PATH = "/dashboard/seller/manage-products";

const decideHeldSchema = z
  .object({
    productId: idRule("Choose a listing."),
    release: z.boolean(),
    reason: z.enum(KeepHiddenReason, { message: "Choose why it stays hidden." }).nullish(),
    note: moderationNoteRule.nullish().transform((v) => v || null),
  })
  .superRefine((v, ctx) => {
    if (!v.release && !v.reason) ctx.addIssue({ code: "custom", path: ["reason"], message: "Choose why it stays hidden." });
    if (!v.release && v.reason === KeepHiddenReason.OTHER && !v.note)
      ctx.addIssue({ code: "custom", path: ["note"], message: "Write why it stays hidden: the seller reads it." });
  });

/** The audit trail's note for a kept listing (admins read it in English; the seller's notice is in their language). */
const KEPT_NOTES: Record<Exclude<KeepHiddenReason, KeepHiddenReason.OTHER>, string> = {
  [KeepHiddenReason.NOT_OWN_PHOTO]: "Kept hidden: its photo is another seller's listing photo.",
  [KeepHiddenReason.SAME_ITEM]: "Kept hidden: the same item is already listed by another seller.",
};

/**
 * Listings the scam shield held for a photo matching another seller's listing: admins compare the
 * two photos, then release the listing or keep it hidden, and its seller is told which and why.
 */
export class HeldListingsService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly events: EventBus,
    private readonly notifications: NotificationsService,
  ) {}

  /**
   * Listings held for review (a copied photo), oldest first, each beside the listing its photo
   * matches: admins release them or keep them hidden (ModerationService.decideHeld).
   */
  async heldListings(paging: { page?: number; pageSize?: number }): Promise<Page<HeldListingCaseView>> {
    const { page, pageSize } = parseInput(pageInput(10), paging);
    const products = this.dataSource.getRepository(Product);
    const [listings, totalItems] = await products.findAndCount({
      where: { heldReason: Not(IsNull()), hiddenAt: Not(IsNull()) },
      order: { hiddenAt: "ASC", id: "ASC" },
      skip: (page - 1) * pageSize,
      take: pageSize,
    });
    const matches = await copiedPhotoMatches(
      this.dataSource.manager,
      listings.map((p) => p.id),
    );
    const originals = matches.length ? await products.findBy({ id: In(matches.map((m) => m.originalId)) }) : [];
    const items = listings.map((listing) => {
      const match = matches.find((m) => m.heldId === listing.id);
      return { listing, photo: match?.photo ?? listing.image, original: originals.find((p) => p.id === match?.originalId) ?? null };
    });
    return toPage(items, totalItems, page, pageSize);
  }

  /**
   * An admin's decision on a listing held for a copied photo, after comparing it with the listing
   * its photo matches: released (in the shop again), or kept hidden for a reason chosen or written.
   * Either way it leaves the held list, the audit trail has a row, and the seller is told, with the
   * reason, in their language.
   */
  async decideHeld(
    input: { productId: string; release: boolean; reason?: string | null; note?: string | null },
    admin: AuthUser,
  ): Promise<Product> {
    const v = parseInput(decideHeldSchema, input);
    const listing = await this.dataSource.transaction(async (m) => {
      const product = await m.findOne(Product, { where: { id: v.productId }, lock: { mode: "pessimistic_write" } });
      if (!product) throw notFound(said("moderation.listingNotFound"));
      if (!product.heldReason || !product.hiddenAt) throw conflict(said("moderation.notHeld"));
      const kept = v.release ? null : v.reason!;
      await (v.release ? setListingHidden(m, product.id, null) : endHoldKeepHidden(m, product.id));
      if (v.release) await this.events.publish(m, "product.published", { productId: product.id });
      await m.save(
        m.create(ModerationAction, {
          adminId: admin.id,
          action: v.release ? ModerationActionKind.UNHIDE_LISTING : ModerationActionKind.HIDE_LISTING,
          targetKind: ReportTargetKind.LISTING,
          targetId: product.id,
          note: kept === null ? null : kept === KeepHiddenReason.OTHER ? v.note : KEPT_NOTES[kept],
        }),
      );
      if (product.sellerId)
        await this.notifications.notify(
          product.sellerId,
          {
            kind: NotificationKind.LISTING_REVIEW,
            message:
              kept === null
                ? { key: "heldListing.released", params: { product: product.name } }
                : { key: `heldListing.kept${kept}`, params: { product: product.name, ...(v.note && { reason: v.note }) } },
            link: SELLER_PRODUCTS_PATH,
          },
          m,
        );
      return m.findOneByOrFail(Product, { id: product.id });
    });
    await this.events.publish(this.dataSource.manager, "moderation.acted", {
      action: v.release ? ModerationActionKind.UNHIDE_LISTING : ModerationActionKind.HIDE_LISTING,
      catalogueChanged: v.release,
    });
    return listing;
  }
}
