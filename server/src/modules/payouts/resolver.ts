import { Arg, Ctx, FieldResolver, Float, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { Role, type AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { toRupees } from "../../platform/shared/money";
import type { Page } from "../../platform/shared/pagination";
import { type SellerBalanceView as Balance, SellerBalance } from "../ledger";
import { PayoutState, type Payout } from "./entity";
import { PayoutObject, PayoutPage } from "./types";

const paging = (page: number | null, pageSize: number | null) => ({ page, pageSize });

@Resolver()
export class PayoutsResolver {
  @Allow()
  @Mutation(() => PayoutObject, { description: "Asks to be paid out part or all of the caller's available balance, to a wallet or IBAN." })
  requestPayout(
    @Arg("amount", () => Float, { description: "PKR, at most the available balance." }) amount: number,
    @Arg("destination", () => String, { description: "A wallet number (03XXXXXXXXX) or a Pakistani IBAN (PK + 22 characters)." })
    destination: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Payout> {
    return ctx.services.payouts.request({ amount, destination }, caller);
  }

  @Allow()
  @Query(() => PayoutPage, { description: "The caller's payouts, newest first." })
  myPayouts(
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Payouts per page, 1 to 50." }) pageSize: number | null,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Page<Payout>> {
    return ctx.services.payouts.mine(paging(page, pageSize), caller);
  }

  @Allow(Role.ADMIN)
  @Query(() => PayoutPage, { description: "Every seller's payouts, oldest first, optionally of one state." })
  payouts(
    @Arg("state", () => PayoutState, { nullable: true, description: "Only payouts in this state." }) state: PayoutState | null,
    @Arg("page", () => Int, { nullable: true, defaultValue: 1, description: "Page number, from 1." }) page: number | null,
    @Arg("pageSize", () => Int, { nullable: true, defaultValue: 20, description: "Payouts per page, 1 to 50." }) pageSize: number | null,
    @Ctx() ctx: Context,
  ): Promise<Page<Payout>> {
    return ctx.services.payouts.all({ state, ...paging(page, pageSize) });
  }

  @Allow(Role.ADMIN)
  @Query(() => String, {
    description: "The requested payouts as CSV (payout_id, seller, method, destination, amount_pkr, requested_at) for a bulk transfer.",
  })
  requestedPayoutsCsv(@Ctx() ctx: Context): Promise<string> {
    return ctx.services.payouts.requestedCsv();
  }

  @Allow(Role.ADMIN)
  @Mutation(() => PayoutObject, { description: "Marks a requested payout paid, with the transfer's reference." })
  markPayoutPaid(
    @Arg("payoutId", () => ID, { description: "The payout." }) payoutId: string,
    @Arg("reference", () => String, { description: "The bank or wallet transfer's reference." }) reference: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Payout> {
    return ctx.services.payouts.markPaid(payoutId, reference, caller);
  }

  @Allow(Role.ADMIN)
  @Mutation(() => PayoutObject, {
    description: "Refuses a requested payout with a reason; the amount returns to the seller's available balance.",
  })
  refusePayout(
    @Arg("payoutId", () => ID, { description: "The payout." }) payoutId: string,
    @Arg("reason", () => String, { description: "Why, 3 to 500 characters; the seller reads it." }) reason: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<Payout> {
    return ctx.services.payouts.refuse(payoutId, reason, caller);
  }
}

/** The test money in the caller's balance (SellerBalance comes only from myBalance: the caller's own). */
@Resolver(() => SellerBalance)
export class BalanceTestMoneyResolver {
  @FieldResolver(() => Float, {
    description: "Of the available balance, test money from sandbox payments (card sandbox, wallet simulators), in PKR.",
  })
  async testMoney(@Root() balance: Balance, @Caller() caller: AuthUser, @Ctx() ctx: Context): Promise<number> {
    const paisa = await ctx.services.payouts.testMoneyIn(caller.id);
    return toRupees(Math.max(0, Math.min(paisa, balance.availablePaisa)));
  }

  @FieldResolver(() => Boolean, {
    description: "Whether test money may be paid out here: never where payouts move real money (production).",
  })
  testMoneyPaidOut(@Ctx() ctx: Context): boolean {
    return ctx.services.payouts.testMoneyPayable;
  }
}

/** Who asked for a payout, for the admins' list (one batched user read per page). */
@Resolver(() => PayoutObject)
export class PayoutSellerResolver {
  @FieldResolver(() => String, { nullable: true, description: "The seller's username; null once their account is gone." })
  async sellerName(@Root() payout: Payout, @Ctx() ctx: Context): Promise<string | null> {
    return payout.sellerId ? ((await ctx.loaders.userById.load(payout.sellerId))?.username ?? null) : null;
  }
}
