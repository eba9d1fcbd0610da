import { Arg, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import type { PushDeviceView } from "./service";
import { PushDeviceInput, PushDevice } from "./types";

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
