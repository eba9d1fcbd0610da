import { z } from "zod";
import { absoluteImageUrl } from "../../platform/http/public-url";
import type { RestApi } from "../../platform/http/rest";
import { ANONYMOUS_UPLOADS_PER_HOUR, ANONYMOUS_UPLOADS_PER_IP, MAX_IMAGE_BYTES, UPLOADS_PER_USER_PER_HOUR } from "./service";

/** /api/upload: a picture sent as a data-URL, answered with its hosted URL as a bare JSON string. */
export function registerUploadRoutes(api: RestApi) {
  api.route({
    method: "post",
    path: "/upload/Image",
    tag: "upload",
    summary:
      "Stores a JPEG, PNG, WebP or GIF image of at most 5 MB and 16 megapixels sent as `data:image/...;base64,...`. " +
      `Signed in, at most ${UPLOADS_PER_USER_PER_HOUR} per user per hour; without credentials (as legacy add-product forms send it) ` +
      `at most ${ANONYMOUS_UPLOADS_PER_IP} per address and ${ANONYMOUS_UPLOADS_PER_HOUR} from all addresses per hour. ` +
      "Deleted after 24 hours unless a product or profile uses it",
    access: "public",
    body: z.object({ image: z.string().optional() }),
    responses: {
      200: { description: "The image's absolute URL", schema: z.string() },
      // also the answer when the body is past the JSON limit (a 6 MB image is over 8 MB as a data-URL)
      413: { description: `The image is larger than ${MAX_IMAGE_BYTES / (1024 * 1024)} MB.` },
      429: { description: "Too many uploads: from this address or from all addresses without sign-in, or by this user" },
    },
    handler: async ({ user, body, services, req, publicBase }) => {
      const image = user
        ? await services.uploads.upload(body.image, user)
        : await services.uploads.uploadAnonymously(body.image, req.ip ?? "unknown");
      return { body: absoluteImageUrl(image.url, publicBase) };
    },
  });
}
