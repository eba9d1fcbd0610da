import type { Response } from "express";
import jwt from "jsonwebtoken";
import { z } from "zod";
import { TOKEN_COOKIE, type RestApi } from "../../platform/http/rest";
import { legacyUser, legacyUserSchema } from "../users";

const message = z.object({ message: z.string() });

/** The httpOnly login cookie, expiring with the token; legacy calls send only this (`credentials: include`). */
function setTokenCookie(res: Response, token: string, secure: boolean) {
  const { exp } = jwt.decode(token) as { exp: number };
  res.cookie(TOKEN_COOKIE, token, { httpOnly: true, sameSite: "lax", secure, expires: new Date(exp * 1000), path: "/" });
}

/**
 * /api/auth: register and login (both sign in: they answer the token and set the httpOnly `token`
 * cookie) and logout (revokes and clears it).
 */
export function registerAuthRoutes(api: RestApi, options: { secureCookies: boolean }) {
  api.route({
    method: "post",
    path: "/auth/register",
    tag: "auth",
    summary: "Create a buyer or seller account and sign it in (answers the token and sets the `token` cookie, as login does)",
    access: "public",
    // the service checks every field and gives the per-field messages
    body: z.object({
      email: z.string().optional(),
      password: z.string().optional(),
      name: z.string().optional(),
      role: z.string().optional(),
      username: z.string().optional(),
      contactNumber: z.string().optional(),
      sellerType: z.string().nullish(),
      storeName: z.string().nullish(),
      storeDescription: z.string().nullish(),
    }),
    responses: {
      201: { description: "Registered and signed in", schema: message.extend({ token: z.string(), user: legacyUserSchema }) },
      409: { description: "Email or username already registered." },
    },
    handler: async ({ body, services, req, res, publicBase }) => {
      const user = await services.auth.register(
        {
          email: body.email ?? "",
          password: body.password ?? "",
          name: body.name ?? "",
          role: body.role ?? "",
          username: body.username ?? "",
          contactNumber: body.contactNumber ?? "",
          sellerType: body.sellerType as never,
          storeName: body.storeName,
          storeDescription: body.storeDescription,
        },
        req.ip ?? "unknown",
      );
      // legacy clients keep the returned user as the signed-in one: the cookie makes that true
      const token = services.auth.issueToken(user);
      setTokenCookie(res, token, options.secureCookies);
      return { status: 201, body: { message: "Registration successful.", token, user: legacyUser(user, publicBase) } };
    },
  });

  api.route({
    method: "post",
    path: "/auth/login",
    tag: "auth",
    summary: "Sign in; answers the token and sets it as an httpOnly cookie",
    access: "public",
    body: z.object({ email: z.string().optional(), password: z.string().optional() }),
    responses: {
      200: { description: "Signed in", schema: message.extend({ token: z.string(), user: legacyUserSchema }) },
      401: { description: "Invalid email or password." },
      403: { description: "The account is suspended (the message gives the reason)" },
      429: { description: "Too many failed attempts" },
    },
    handler: async ({ body, services, req, res, publicBase }) => {
      const { token, user } = await services.auth.login({ email: body.email ?? "", password: body.password ?? "" }, req.ip ?? "unknown");
      setTokenCookie(res, token, options.secureCookies);
      return { body: { message: "Login successful.", token, user: legacyUser(user, publicBase) } };
    },
  });

  api.route({
    method: "post",
    path: "/auth/logout",
    tag: "auth",
    summary: "Sign out: revokes every token of the user and clears the cookie",
    access: "signed-in",
    responses: { 200: { description: "Signed out", schema: message } },
    handler: async ({ user, services, res }) => {
      await services.auth.logout(user.id);
      res.clearCookie(TOKEN_COOKIE, { path: "/" });
      return { body: { message: "Logged out successfully." } };
    },
  });
}
