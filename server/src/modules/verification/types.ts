import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "A verification code is on its way." })
export class VerificationCodeSent {
  @Field(() => String, { description: "The university e-mail the code was sent to." })
  sentTo: string;

  @Field(() => Int, { description: "Minutes the code stays valid." })
  expiresInMinutes: number;
}
