import { z } from "zod";
import { assertNamesCaller, idRef, messageSchema, pageQuery } from "../../platform/http/legacy";
import type { RestApi } from "../../platform/http/rest";
import { MAX_PAGE_SIZE } from "../../platform/shared/pagination";
import { legacyUser, legacyUserSchema } from "./legacy";
import { Role } from "../../platform/auth/roles";

const TAG = "auth";
const userParams = z.object({ id: z.string() });

/** User management under /api/auth (as legacy clients call it), over UsersService. */
export function registerUserRoutes(api: RestApi) {
  api.route({
    method: "get",
    path: "/auth/users",
    tag: TAG,
    summary: `Every account, newest first, as an array: ${MAX_PAGE_SIZE} per page (?page=, ?limit=); the X-Total-Count header has the total`,
    access: [Role.ADMIN],
    query: pageQuery,
    responses: { 200: { description: "The users", schema: z.array(legacyUserSchema) } },
    handler: async ({ query, services, res, publicBase }) => {
      const page = await services.users.list({ page: query.page, pageSize: query.limit ?? MAX_PAGE_SIZE });
      res.setHeader("X-Total-Count", String(page.totalItems));
      return { body: page.items.map((u) => legacyUser(u, publicBase)) };
    },
  });

  api.route({
    method: "delete",
    path: "/auth/users/:id",
    tag: TAG,
    summary: "Deletes another user (not yourself, not the last admin); their listings leave the shop, orders stay for the other party",
    access: [Role.ADMIN],
    params: userParams,
    responses: {
      200: { description: "Deleted", schema: messageSchema },
      404: { description: "Unknown user" },
      409: { description: "The last admin" },
    },
    handler: async ({ user, params, services }) => {
      await services.users.deleteUser(user, params.id);
      return { body: { message: "User deleted successfully" } };
    },
  });

  api.route({
    method: "put",
    path: "/auth/users/:id",
    tag: TAG,
    summary: "Sets another user's role (user, seller or admin); not your own, and not the last admin's",
    access: [Role.ADMIN],
    params: userParams,
    body: z.object({ role: z.string().optional() }),
    responses: {
      200: { description: "Changed", schema: messageSchema.extend({ user: legacyUserSchema }) },
      404: { description: "Unknown user" },
      409: { description: "The last admin" },
    },
    handler: async ({ user, params, body, services, publicBase }) => {
      const changed = await services.users.changeRole(user, params.id, body.role ?? "");
      return { body: { message: "User role updated successfully", user: legacyUser(changed, publicBase) } };
    },
  });

  api.route({
    method: "patch",
    path: "/auth/edit-profile",
    tag: TAG,
    summary: "Edits the caller's username, contact number and picture (an image URL, or an inline data-URL image, which is uploaded first)",
    access: "signed-in",
    body: z.object({
      username: z.string().optional(),
      contactNumber: z.string().nullish(),
      profileImage: z.string().nullish(),
      userId: idRef.optional(),
    }),
    responses: {
      200: { description: "Saved", schema: messageSchema.extend({ user: legacyUserSchema }) },
      409: { description: "That username is already taken." },
    },
    handler: async ({ user, body, services, publicBase }) => {
      assertNamesCaller(user, body.userId, {
        adminMay: false,
        message: "userId must be your own id: only your own profile can be edited here.",
      });
      let { profileImage } = body;
      // legacy clients send the picture inline; the profile keeps the address of the stored image
      if (profileImage?.trim().startsWith("data:")) profileImage = (await services.uploads.upload(profileImage, user)).url;
      const updated = await services.users.updateProfile(user, {
        username: body.username ?? "",
        contactNumber: body.contactNumber,
        profileImage,
      });
      return { body: { message: "Profile updated successfully", user: legacyUser(updated, publicBase) } };
    },
  });
}
