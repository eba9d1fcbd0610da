import { Column, CreateDateColumn, Entity, Index, JoinColumn, ManyToOne, PrimaryColumn } from "typeorm";
import type { EntityManager } from "typeorm";
import { said, type Said } from "../../platform/i18n/errors";
import { badInput } from "../../platform/shared/errors";
import { User } from "../users";
import { CheckoutSession } from "./entity";
import { PURCHASE_EXCLUDED_STATUSES } from "./transitions";

/**
 * A discount code: `percentOff` of the subtotal, usable from `startsAt` until `expiresAt`, at most
 * `maxUses` times in all and `maxUsesPerAccount` times by one account (null: no such limit). A use is
 * a placed checkout that still has an order that was not cancelled or rejected: a checkout that
 * lapsed unpaid or was withdrawn gives its use back.
 */
@Entity({ name: "coupons" })
export class Coupon {
  /** Stored lower-case; codes are matched case-insensitively. */
  @Column({ type: "varchar", length: 40, primary: true })
  code: string;

  @Column({ type: "int" })
  percentOff: number;

  @Column({ type: "boolean", default: true })
  active: boolean;

  @Column({ type: "timestamptz", nullable: true })
  startsAt: Date | null;

  @Column({ type: "timestamptz", nullable: true })
  expiresAt: Date | null;

  @Column({ type: "int", nullable: true })
  maxUses: number | null;

  @Column({ type: "int", nullable: true })
  maxUsesPerAccount: number | null;
}

/** One checkout that used a coupon, written in the checkout's transaction: the uses are counted from these. */
@Entity({ name: "coupon_uses" })
@Index("coupon_uses_coupon_buyer_idx", ["couponCode", "buyerId"])
export class CouponUse {
  @PrimaryColumn({ type: "uuid" })
  checkoutSessionId: string;

  @ManyToOne(() => CheckoutSession, { onDelete: "CASCADE" })
  @JoinColumn({ name: "checkoutSessionId" })
  checkoutSession?: CheckoutSession;

  @Column({ type: "varchar", length: 40 })
  couponCode: string;

  @ManyToOne(() => Coupon, { onDelete: "CASCADE" })
  @JoinColumn({ name: "couponCode" })
  coupon?: Coupon;

  /** Null once the account is deleted: the use still counts towards the coupon's total. */
  @Column({ type: "uuid", nullable: true })
  buyerId: string | null;

  @ManyToOne(() => User, { onDelete: "SET NULL", nullable: true })
  @JoinColumn({ name: "buyerId" })
  buyer?: User | null;

  @CreateDateColumn({ type: "timestamptz" })
  createdAt: Date;
}

export type CouponResult = { code: string | null; applied: boolean; percentOff: number; message: Said | null };

type Uses = { total: number; mine: number };

/** The live uses of a coupon: in all, and by `buyerId` (0 without one). */
async function usesOf(manager: EntityManager, code: string, buyerId: string | null): Promise<Uses> {
  const [row]: Array<Uses> = await manager.query(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE u."buyerId" = $2)::int AS mine
       FROM coupon_uses u
      WHERE u."couponCode" = $1
        AND EXISTS (SELECT 1 FROM orders o WHERE o."checkoutSessionId" = u."checkoutSessionId" AND o.status <> ALL($3::order_status[]))`,
    [code, buyerId, PURCHASE_EXCLUDED_STATUSES],
  );
  return row;
}

/** Why `coupon` does not apply at `now` with these uses, or null when it does. */
function couponRefusal(coupon: Coupon, code: string, now: Date, uses: Uses | null): Said | null {
  if (!coupon.active) return said("coupon.invalid", { code });
  if (coupon.startsAt && coupon.startsAt > now) return said("coupon.notYet", { code, startsAt: coupon.startsAt.toISOString() });
  if (coupon.expiresAt && coupon.expiresAt <= now) return said("coupon.expired", { code });
  if (!uses) return null;
  if (coupon.maxUses !== null && uses.total >= coupon.maxUses) return said("coupon.usedUp", { code });
  if (coupon.maxUsesPerAccount !== null && uses.mine >= coupon.maxUsesPerAccount)
    return coupon.maxUsesPerAccount === 1 ? said("coupon.oncePerAccount", { code }) : said("coupon.usedTimes", { code, count: uses.mine });
  return null;
}

const hasLimits = (coupon: Coupon) => coupon.maxUses !== null || coupon.maxUsesPerAccount !== null;

/**
 * Looks a code up case-insensitively for a price quote or a checkout: it applies when it is active,
 * within its dates and under its limits (the buyer's own uses only when `buyerId` is known).
 */
export async function findCoupon(
  manager: EntityManager,
  code: string | null | undefined,
  now: Date,
  buyerId: string | null = null,
): Promise<CouponResult> {
  if (!code) return { code: null, applied: false, percentOff: 0, message: null };
  const coupon = await manager.getRepository(Coupon).findOneBy({ code: code.toLowerCase() });
  if (!coupon) return { code, applied: false, percentOff: 0, message: said("coupon.invalid", { code }) };
  const uses = hasLimits(coupon) ? await usesOf(manager, coupon.code, buyerId) : null;
  const refused = couponRefusal(coupon, code, now, uses);
  if (refused) return { code, applied: false, percentOff: 0, message: refused };
  return {
    code: coupon.code,
    applied: true,
    percentOff: coupon.percentOff,
    message: said("coupon.applied", { percent: coupon.percentOff }),
  };
}

/**
 * Records the checkout's use of its coupon at the end of the checkout's transaction, checking the
 * limits again where they cannot be raced: a coupon with a total limit is read under its row lock,
 * so concurrent checkouts count its uses one after the other (and hold the lock only until their
 * commit); the per-account limit relies on the buyer's lock (`capUnpaidCheckouts`). A coupon
 * without a total limit is not locked, so its checkouts do not queue on one row.
 */
export async function recordCouponUse(manager: EntityManager, session: CheckoutSession, now: Date): Promise<void> {
  const code = session.couponCode!;
  const coupons = manager.getRepository(Coupon);
  let coupon = await coupons.findOneBy({ code });
  if (coupon?.maxUses != null) coupon = await coupons.findOne({ where: { code }, lock: { mode: "pessimistic_write" } });
  const refused = coupon ? couponRefusal(coupon, code, now, hasLimits(coupon) ? await usesOf(manager, code, session.buyerId) : null) : null;
  if (!coupon || refused) {
    const message = refused ?? said("coupon.invalid", { code });
    throw badInput(message, { couponCode: message });
  }
  await manager.insert(CouponUse, { checkoutSessionId: session.id, couponCode: code, buyerId: session.buyerId });
}
