import { Arg, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { SellerProfile, User, type PublicProfile } from "../users";
import { VerificationCodeSent } from "./types";

@Resolver()
export class VerificationResolver {
  @Allow()
  @Mutation(() => VerificationCodeSent, {
    description:
      "Mails a 6-digit code to the caller's university e-mail (a listed Pakistani university, or any *.edu.pk); 3 codes an hour.",
  })
  requestStudentVerification(
    @Arg("email", () => String, { description: "The university e-mail; not verified on another account." }) email: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<VerificationCodeSent> {
    return ctx.services.verification.requestCode(caller, { email });
  }

  @Allow()
  @Mutation(() => User, {
    description: "Confirms the mailed code (15 minutes, 5 tries, once): the caller becomes a verified student of that university.",
  })
  confirmStudentVerification(
    @Arg("code", () => String, { description: "The 6-digit code from the e-mail." }) code: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<User> {
    return ctx.services.verification.confirm(caller, { code });
  }
}

/** The badge, from the user's own row (no query of its own). */
@Resolver(() => User)
export class UserStudentFieldsResolver {
  @FieldResolver(() => Boolean, { description: "Whether the user confirmed a university e-mail." })
  isVerifiedStudent(@Root() user: User): boolean {
    return user.verifiedAt != null;
  }
}

@Resolver(() => SellerProfile)
export class SellerStudentFieldsResolver {
  @FieldResolver(() => Boolean, { description: "Whether the seller confirmed a university e-mail (the Verified student badge)." })
  isVerifiedStudent(@Root() seller: PublicProfile): boolean {
    return seller.verifiedAt != null;
  }

  @FieldResolver(() => String, { nullable: true, description: "Verified students: their university's name." })
  university(@Root() seller: PublicProfile): string | null {
    return seller.verifiedAt ? seller.university : null;
  }
}
