import { Ctx, Query, Resolver } from "type-graphql";
import { Role } from "../../platform/auth/roles";
import { Allow } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { RefundState, type PaymentRefund } from "./entity";
import { PaymentProblems, RefundProgress, type PaymentRefundObject, type RefusedPayment } from "./types";

const progressOf = (refund: PaymentRefund): RefundProgress =>
  refund.state === RefundState.CONFIRMED ? RefundProgress.SENT : refund.lastError ? RefundProgress.FAILED : RefundProgress.PENDING;

const refundView = (refund: PaymentRefund): PaymentRefundObject => ({ ...refund, progress: progressOf(refund) });

@Resolver()
export class PaymentProvidersResolver {
  @Allow(Role.ADMIN)
  @Query(() => PaymentProblems, {
    description: "The admins' payments page: payments refused and their refunds, refunds still waiting, reconciliation's mismatches.",
  })
  async paymentProblems(@Ctx() ctx: Context): Promise<PaymentProblems> {
    const { refused, refusedRefunds, refundsWaiting, mismatches } = await ctx.services.paymentProviders.problems();
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
      mismatches,
    };
  }
}
