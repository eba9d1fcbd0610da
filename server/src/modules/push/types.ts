import { Field, InputType, ObjectType } from "type-graphql";
import { PushKind } from "./entity";

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
