import { z } from "zod";
import type { RestApi } from "../../platform/http/rest";

/** /api/upload: a picture sent as a data-URL, answered with its hosted URL as a bare JSON string. */
export function registerUploadRoutes(api: RestApi) {
  api.route({
    method: "post",
    path: "/upload/Image",
    tag: "upload",
    summary: "Stores a JPEG, PNG, WebP or GIF image of at most 5 MB sent as `data:image/...;base64,...`",
    access: "signed-in",
    body: z.object({ image: z.string().optional() }),
    responses: {
      200: { description: "The image's absolute URL", schema: z.string() },
      413: { description: "The image is larger than 5 MB" },
    },
    handler: async ({ user, body, services, req }) => {
      const image = await services.uploads.uploadDataUrl(body.image, user.id);
      // absolute: legacy clients may run on another origin and use the URL as it is
      return { body: new URL(image.url, `${req.protocol}://${req.get("host")}`).href };
    },
  });
}
