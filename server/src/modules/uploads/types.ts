import { Field, Int, ObjectType } from "type-graphql";

@ObjectType({ description: "A stored picture, re-encoded as WebP without metadata." })
export class UploadedImage {
  @Field(() => String, { description: "Absolute URL of the picture (at most 1600 px a side); use it as a product or profile image." })
  url: string;

  @Field(() => String, { description: "Absolute URL of a 400 x 400 thumbnail." })
  thumbnailUrl: string;

  @Field(() => Int, { description: "Width of the picture in pixels." })
  width: number;

  @Field(() => Int, { description: "Height of the picture in pixels." })
  height: number;
}
