import { z } from "zod";
import { absoluteImageUrl } from "../../platform/http/public-url";
import type { User } from "./entity";

/** The user document legacy clients read (`_id` beside `id`, lowercase role, no password). */
export const legacyUserSchema = z.object({
  _id: z.string(),
  id: z.string(),
  email: z.string(),
  username: z.string(),
  name: z.string(),
  role: z.enum(["user", "seller", "admin"]),
  contactNumber: z.string().nullable(),
  profileImage: z.string().nullable(),
  sellerType: z.enum(["business", "individual"]).nullable(),
  storeName: z.string().nullable(),
  storeDescription: z.string().nullable(),
  createdAt: z.string(),
});

/** `publicBase` makes the picture's address absolute (legacy clients run on their own origin). */
export function legacyUser(user: User, publicBase: string): z.infer<typeof legacyUserSchema> {
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    username: user.username,
    name: user.name,
    role: user.role,
    contactNumber: user.contactNumber,
    profileImage: absoluteImageUrl(user.profileImage, publicBase),
    sellerType: user.sellerType,
    storeName: user.storeName,
    storeDescription: user.storeDescription,
    createdAt: user.createdAt.toISOString(),
  };
}
