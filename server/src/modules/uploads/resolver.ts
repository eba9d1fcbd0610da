import { Arg, Ctx, Mutation, Resolver } from "type-graphql";
import type { AuthUser } from "../../platform/auth/roles";
import { Allow, Caller } from "../../platform/graphql/auth";
import type { Context } from "../../platform/graphql/context";
import { absoluteImageUrl } from "../../platform/http/public-url";
import { UploadedImage } from "./types";

@Resolver()
export class UploadResolver {
  @Allow()
  @Mutation(() => UploadedImage, { description: "Stores a JPEG, PNG, WebP or GIF image of at most 5 MB sent as a base64 data-URL." })
  async uploadImage(
    @Arg("dataUrl", () => String, { description: "The image as `data:image/...;base64,...`." }) dataUrl: string,
    @Caller() caller: AuthUser,
    @Ctx() ctx: Context,
  ): Promise<UploadedImage> {
    const image = await ctx.services.uploads.upload(dataUrl, caller);
    return {
      url: absoluteImageUrl(image.url, ctx.publicBase),
      thumbnailUrl: absoluteImageUrl(image.thumbnailUrl, ctx.publicBase),
      width: image.width,
      height: image.height,
    };
  }
}
