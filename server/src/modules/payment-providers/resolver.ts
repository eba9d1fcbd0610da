import { Arg, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import { Role } from "../../platform/auth/roles";
import { Allow } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { RefundState, type PaymentRefund } from "./entity";
import { PaymentProblems, PaymentRefundObject, RefundProgress, type RefusedPayment } from "./types";

const PROGRESS: Record<RefundState, (refund: PaymentRefund) => RefundProgress> = {
  [RefundState.REQUESTED]: (refund) => (refund.lastError ? RefundProgress.FAILED : RefundProgress.PENDING),
  [RefundState.IN_DOUBT]: () => RefundProgress.IN_DOUBT,
  [RefundState.CONFIRMED]: () => RefundProgress.SENT,
};

const refundView = (refund: PaymentRefund): PaymentRefundObject => ({ ...refund, progress: PROGRESS[refund.state](refund) });

@Resolver()
export class PaymentProvidersResolver {
  @Allow(Role.ADMIN)
  @Query(() => PaymentProblems, {
    description:
      "The admins' payments page: payments refused and their refunds, refunds still waiting or in doubt, reconciliation's mismatches.",
  })
  async paymentProblems(@Ctx() ctx: Context): Promise<PaymentProblems> {
    const { refused, refusedRefunds, refundsWaiting, refundsInDoubt, mismatches } = await ctx.services.paymentProviders.problems();
    const refundOf = new Map(refusedRefunds.map((refund) => [refund.attemptReference, refund]));
    return {
      refused: refused.map((attempt): RefusedPayment => {
        const refund = refundOf.get(attempt.reference);
        return {
          ...attempt,
          refusedReason: attempt.refusedReason ?? "",
          settledAt: attempt.settledAt ?? attempt.createdAt,
          refund: refund ? refundView(refund) : null,
        };
      }),
      refundsWaiting: refundsWaiting.map(refundView),
      refundsInDoubt: refundsInDoubt.map(refundView),
      mismatches,
    };
  }

  @Allow(Role.ADMIN)
  @Mutation(() => PaymentRefundObject, {
    description:
      "A refund in doubt that the provider's portal shows as made: posted as sent, with the provider's refund id. Only for a refund in doubt.",
  })
  async confirmRefundSent(
    @Arg("refundId", () => ID, { description: "The refund." }) refundId: string,
    @Arg("providerRefundId", () => String, { description: "The provider's id of the refund, from its portal (up to 64 characters)." })
    providerRefundId: string,
    @Ctx() ctx: Context,
  ): Promise<PaymentRefundObject> {
    return refundView(await ctx.services.paymentProviders.refunds.confirmSent(refundId, providerRefundId));
  }

  @Allow(Role.ADMIN)
  @Mutation(() => PaymentRefundObject, {
    description: "A refund in doubt that the provider's portal does not show: sent again. Only for a refund in doubt.",
  })
  async sendRefundAgain(
    @Arg("refundId", () => ID, { description: "The refund." }) refundId: string,
    @Ctx() ctx: Context,
  ): Promise<PaymentRefundObject> {
    return refundView(await ctx.services.paymentProviders.refunds.sendAgain(refundId));
  }
}
