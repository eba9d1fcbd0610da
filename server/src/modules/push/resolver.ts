import { Arg, Ctx, Field, InputType, Mutation, ObjectType, Query, Resolver } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { PushKind } from "./entity";
import type { PushDeviceView } from "./service";

@InputType({ description: "This browser's push subscription (PushSubscription.toJSON()) and the kinds it wants." })
export class PushDeviceInput {
  @Field(() => String, { description: "The push service's endpoint URL." })
  endpoint: string;

  @Field(() => String, { description: "keys.p256dh: the browser's P-256 public key, URL-safe base64." })
  p256dh: string;

  @Field(() => String, { description: "keys.auth: the browser's 16-byte secret, URL-safe base64." })
  auth: string;

  @Field(() => [PushKind], { description: "What to push to this device; empty keeps the device but pushes nothing." })
  kinds: PushKind[];
}

@ObjectType({ description: "One device's push subscription of the caller." })
export class PushDevice {
  @Field(() => String, { description: "The push service's endpoint URL of this device." })
  endpoint: string;

  @Field(() => [PushKind], { description: "What is pushed to this device." })
  kinds: PushKind[];
}

@Resolver()
export class PushResolver {
  @Query(() => String, {
    nullable: true,
    description: "The VAPID public key browsers subscribe with (applicationServerKey); null when this server sends no pushes.",
  })
  pushPublicKey(@Ctx() ctx: Context): string | null {
    return ctx.services.push.publicKey();
  }

  @Allow()
  @Query(() => PushDevice, { nullable: true, description: "The caller's push subscription on the device with this endpoint, if any." })
  pushDevice(
    @Arg("endpoint", () => String, { description: "The push service's endpoint URL of the device." }) endpoint: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<PushDeviceView | null> {
    return ctx.services.push.device(caller, endpoint);
  }

  @Allow()
  @Mutation(() => PushDevice, { description: "Turns push on for this device (or changes its kinds), for the caller." })
  savePushDevice(
    @Arg("input", () => PushDeviceInput, { description: "The device's subscription and the kinds to push." }) input: PushDeviceInput,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<PushDeviceView> {
    return ctx.services.push.saveDevice(caller, input);
  }

  @Allow()
  @Mutation(() => Boolean, { description: "Turns push off for this device; false when it had none for the caller." })
  removePushDevice(
    @Arg("endpoint", () => String, { description: "The push service's endpoint URL of the device." }) endpoint: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<boolean> {
    return ctx.services.push.removeDevice(caller, endpoint);
  }
}
