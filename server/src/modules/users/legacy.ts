import { z } from "zod";
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

export function legacyUser(user: User): z.infer<typeof legacyUserSchema> {
  return {
    _id: user.id,
    id: user.id,
    email: user.email,
    username: user.username,
    name: user.name,
    role: user.role,
    contactNumber: user.contactNumber,
    profileImage: user.profileImage,
    sellerType: user.sellerType,
    storeName: user.storeName,
    storeDescription: user.storeDescription,
    createdAt: user.createdAt.toISOString(),
  };
}
